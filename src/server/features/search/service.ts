import { notFound, permissionDenied } from '../../../shared/errors.js';
import { filmPath } from '../../../shared/films.js';
import { can } from '../../../shared/permissions.js';
import { chatMessageLink, threadLink } from '../../../shared/links.js';
import {
  searchCategories,
  searchLimits,
  searchPageMax,
  type QuickSearchResult,
  type SearchCategory,
  type SearchHit,
  type SearchRequest,
  type SearchResult,
} from '../../../shared/search.js';
import type { Viewer } from '../../core/viewer.js';
import type { Db } from '../../platform/db/database.js';
import {
  presentChatHit,
  presentFilmHit,
  presentNewsHit,
  presentPostHit,
  presentReplyHit,
  presentUserHit,
} from './presenter.js';
import {
  authorIdByUsername,
  chatPage,
  countMatches,
  filmPage,
  locate,
  newsPage,
  peoplePage,
  postPage,
  replyPage,
  type SearchFilters,
  type SearchScope,
} from './repo.js';

interface Window {
  limit: number;
  offset: number;
}

type PageReader = (
  db: Db,
  text: string,
  scope: SearchScope,
  filters: SearchFilters,
  window: Window,
) => Promise<SearchHit[]>;

const pages: Record<SearchCategory, PageReader> = {
  posts: async (...args) => (await postPage(...args)).map(presentPostHit),
  films: async (...args) => (await filmPage(...args)).map(presentFilmHit),
  replies: async (...args) => (await replyPage(...args)).map(presentReplyHit),
  news: async (...args) => (await newsPage(...args)).map(presentNewsHit),
  users: async (...args) => (await peoplePage(...args)).map(presentUserHit),
  chat: async (...args) => (await chatPage(...args)).map(presentChatHit),
};

const moderates = (viewer: Viewer | null) => can(viewer?.role, 'content.moderate');
/** Chat is read by signed-in members with a verified email, as /chat is. */
const readsChat = (viewer: Viewer | null) => viewer?.emailVerified === true;

/** The categories a reader may search: chat only for those who may read chat. */
function categoriesFor(viewer: Viewer | null): SearchCategory[] {
  return searchCategories.filter((category) => category !== 'chat' || readsChat(viewer));
}

function scopeOf(viewer: Viewer | null, hidden: SearchRequest['hidden']): SearchScope {
  if (hidden && !moderates(viewer)) {
    throw permissionDenied('Only moderators may search hidden content');
  }
  return {
    hidden: hidden ?? 'exclude',
    unpublished: hidden !== undefined && can(viewer?.role, 'news.write'),
  };
}

const dayAfter = (day: string) => {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
};

async function filtersOf(db: Db, input: SearchRequest): Promise<SearchFilters> {
  return {
    forumCategory: input.forumCategory,
    authorId: input.author === undefined ? undefined : await authorIdByUsername(db, input.author),
    from: input.from === undefined ? undefined : `${input.from}T00:00:00Z`,
    toBefore: input.to === undefined ? undefined : dayAfter(input.to),
    minRating: input.minRating,
  };
}

/**
 * The words of a document search: none left when the text held only stop words or symbols.
 * People and films are matched by name, where "the" is a part of a name like any other.
 */
const noticeFor = (category: SearchCategory, terms: number) =>
  category !== 'users' && category !== 'films' && terms === 0
    ? ('only-common-words' as const)
    : null;

export function createSearchService(db: Db) {
  return {
    async search(viewer: Viewer | null, input: SearchRequest): Promise<SearchResult> {
      const scope = scopeOf(viewer, input.hidden);
      const filters = await filtersOf(db, input);
      const categories = categoriesFor(viewer);
      const pageSize = searchLimits.pageSize;
      const base = { q: input.q, category: input.category, page: input.page, pageSize };
      if (!categories.includes(input.category)) {
        const { counts } = await countMatches(db, input.q, categories, scope, filters);
        return { ...base, counts: capped(counts), items: [], notice: 'sign-in-for-chat' };
      }
      // A page past the last one a category can fill answers no items, without a query.
      const window = { limit: pageSize, offset: (input.page - 1) * pageSize };
      const [{ terms, counts }, items] = await Promise.all([
        countMatches(db, input.q, categories, scope, filters),
        input.page > searchPageMax
          ? Promise.resolve([])
          : pages[input.category](db, input.q, scope, filters, window),
      ]);
      return { ...base, counts: capped(counts), items, notice: noticeFor(input.category, terms) };
    },

    /** The quick search: the best few of every category, while the member types. */
    async quick(viewer: Viewer | null, q: string): Promise<QuickSearchResult> {
      const scope = scopeOf(viewer, undefined);
      const window = { limit: searchLimits.quickPerCategory, offset: 0 };
      const categories = categoriesFor(viewer);
      const [{ terms }, ...groups] = await Promise.all([
        countMatches(db, q, [], scope, {}),
        ...categories.map(async (category) => ({
          category,
          items: await pages[category](db, q, scope, {}, window),
        })),
      ]);
      const found = groups.filter((group) => group.items.length > 0);
      return { q, groups: found, notice: found.length === 0 ? noticeFor('posts', terms) : null };
    },

    /** Where a result lives now: not-found when the reader may no longer see it. */
    async open(viewer: Viewer | null, category: string, id: string): Promise<{ url: string }> {
      const kind = searchCategories.find((known) => known === category);
      if (!kind) throw notFound(`A kind of search result called "${category.slice(0, 40)}"`);
      const wellFormed = kind === 'users' ? id.length <= 100 : /^[1-9]\d{0,15}$/.test(id);
      const row = wellFormed ? await locate(db, kind, id) : null;
      const found = row ? urlOf(kind, row, viewer) : null;
      if (!found) throw notFound('Search result');
      return { url: found };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;

function capped(counts: Partial<Record<SearchCategory, number>>) {
  const out: SearchResult['counts'] = {};
  for (const category of searchCategories) {
    const count = counts[category];
    if (count === undefined) continue;
    const over = count > searchLimits.candidates;
    out[category] = { count: over ? searchLimits.candidates : count, capped: over };
  }
  return out;
}

type Located = NonNullable<Awaited<ReturnType<typeof locate>>>;

/** The page a result opens on, or null when this reader may not see it (the same rules as its page). */
function urlOf(kind: SearchCategory, row: Located, viewer: Viewer | null): string | null {
  if (row.gone) return null;
  const mayHidden = moderates(viewer) || (viewer !== null && row.author_id === viewer.id);
  if (row.hidden && !mayHidden) return null;
  const article =
    row.article_id === null
      ? null
      : row.article_public || can(viewer?.role, 'news.write')
        ? Number(row.article_id)
        : undefined;
  if (article === undefined) return null;
  switch (kind) {
    case 'films':
      return row.title === null ? null : filmPath({ id: Number(row.id), title: row.title });
    case 'posts':
      return threadLink({ postId: Number(row.id), articleId: article });
    case 'replies':
      return threadLink({ postId: Number(row.parent_id), articleId: article }, Number(row.id));
    case 'news':
      return `/news/${row.id}`;
    case 'users':
      return row.username && (!row.hidden || moderates(viewer))
        ? `/u/${encodeURIComponent(row.username)}`
        : null;
    case 'chat':
      if (!readsChat(viewer)) return null;
      if (row.archived && !can(viewer?.role, 'chat.rooms')) return null;
      return chatMessageLink(Number(row.parent_id), Number(row.id));
  }
}
