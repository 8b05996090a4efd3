import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { findSiteRoute, siteRoutes } from './routes';

/** The route table read in order, every route tried: what `findSiteRoute` must agree with. */
const scanned = (pathname: string) =>
  siteRoutes.find((route) => matchPath({ path: route.path, end: true }, pathname) !== null);

const filled = (path: string) => path.replace(/:\w+/g, 'x-1');

describe('findSiteRoute', () => {
  const pathnames = siteRoutes.flatMap((route) => {
    const page = filled(route.path);
    return [page, `${page}/`, page.toUpperCase(), `${page}/more`, `/x${page}`, `/${page}`];
  });

  it.each(['/', '/forum', '/forum/post/7', '/news/3', '/u/someone', '/search/reviews/4'])(
    'finds the route of %s',
    (pathname) => {
      expect(findSiteRoute(pathname)?.path).toBe(scanned(pathname)?.path);
      expect(findSiteRoute(pathname)).toBeDefined();
    },
  );

  it('answers as a scan of the whole table does, for every page and its near misses', () => {
    for (const pathname of [
      ...pathnames,
      '',
      '//',
      '/nothing',
      '/FORUM/POST/1',
      '/forum//post/1',
    ]) {
      expect(findSiteRoute(pathname), pathname).toBe(scanned(pathname));
    }
  });
});
