/**
 * The social preview image of a page (its `og:image`): one PNG per public page, drawn by the
 * server at `/og/<page path>.png`. The home page `/` has the image `/og/index.png`.
 */
export const socialImageWidth = 1200;
export const socialImageHeight = 630;

/** The address of the preview image of the page at `pathname` (a path, no query). */
export function socialImagePath(pathname: string): string {
  return '/og' + (pathname === '/' ? '/index' : pathname) + '.png';
}
