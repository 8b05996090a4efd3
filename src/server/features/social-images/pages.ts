import { filmIdOf } from '../../../shared/films.js';
import { matchPath } from 'react-router';
import { notFound } from '../../../shared/errors.js';
import type { Author } from '../../../shared/forum.js';
import { isStaff, roleLabels } from '../../../shared/roles.js';
import { findSiteRoute, type SiteRoute } from '../../../shared/routes.js';
import type { Db } from '../../platform/db/database.js';
import { readFilmPreview } from '../films/index.js';
import { readThreadPreview } from '../forum/index.js';
import { readArticlePreview } from '../news/index.js';
import { readProfilePreview } from '../profiles/index.js';
import { getSiteInfo } from '../site/index.js';
import type { Byline, SocialCard } from './card.js';

/** `forum/post/12.png` (what follows `/og/`) → `/forum/post/12`; `index.png` → `/`. */
export function pagePathOf(file: string): string | undefined {
  if (!file.endsWith('.png')) return undefined;
  const page = file.slice(0, -'.png'.length);
  if (page === 'index') return '/';
  if (page === '' || page.startsWith('/') || page.endsWith('/')) return undefined;
  return `/${page}`;
}

const isGuarded = (route: SiteRoute) =>
  Boolean(
    route.requiresAuth ||
    route.requiresVerifiedEmail ||
    route.requiresAdmin ||
    route.requiresModerator,
  );

/** A database id as the page's address writes it: digits only, no sign, exponent or zeros. */
function idOf(value: string | undefined): number | undefined {
  if (!value || !/^[1-9][0-9]{0,15}$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : undefined;
}

const byline = (author: Author): Byline => ({
  name: author.name,
  username: author.username,
  avatar: author.image,
});

const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
const month = new Intl.DateTimeFormat('en-GB', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * What the preview image of the page at `pathname` shows, read through the features' public
 * modules. A page a visitor cannot see (a guarded page, a hidden or deleted thread, a draft,
 * an unknown member) has no image: not-found, as the page itself answers.
 */
export async function cardFor(db: Db, siteName: string, pathname: string): Promise<SocialCard> {
  const route = findSiteRoute(pathname);
  if (!route || isGuarded(route)) throw notFound('Page');
  const params = matchPath({ path: route.path, end: true }, pathname)?.params ?? {};
  const site = await getSiteInfo(db, siteName);

  switch (route.name) {
    case 'post-open': {
      const id = idOf(params.id);
      const thread = id === undefined ? undefined : await readThreadPreview(db, id);
      if (!thread) throw notFound('Thread');
      return {
        site: site.name,
        kind: 'thread',
        title: thread.title,
        category: thread.categoryName,
        author: byline(thread.author),
        filmTitle: thread.filmTitle,
        rating: thread.rating,
      };
    }
    case 'news-id': {
      const id = idOf(params.id);
      const article = id === undefined ? undefined : await readArticlePreview(db, id);
      if (!article) throw notFound('News article');
      return {
        site: site.name,
        kind: 'news',
        title: article.title,
        author: byline(article.author),
        date: day.format(article.publishedAt),
      };
    }
    case 'user-public': {
      const username = params.username ?? '';
      const profile = /^[A-Za-z0-9_]{3,20}$/.test(username)
        ? await readProfilePreview(db, username)
        : undefined;
      if (!profile) throw notFound('Profile');
      return {
        site: site.name,
        kind: 'profile',
        person: { name: profile.name, username: profile.username, avatar: profile.image },
        role: isStaff(profile.role) ? roleLabels[profile.role] : null,
        bio: profile.bio,
        memberSince: month.format(new Date(profile.joinedAt)),
      };
    }
    case 'films-id': {
      // `12-solaris` as the film page reads it: the id, then the title's words.
      const id = filmIdOf(params.idSlug);
      const film = id === null ? undefined : await readFilmPreview(db, id);
      if (!film) throw notFound('Film');
      return { site: site.name, kind: 'film', ...film };
    }
    default:
      return {
        site: site.name,
        kind: 'page',
        // The home page's title is the site itself.
        kicker: route.name === 'index' ? null : site.name,
        title: route.name === 'index' ? site.name : route.title,
        description: site.description,
      };
  }
}
