import { sql, type SQL } from 'drizzle-orm';
import { newsCategorySlug, reviewsCategorySlug } from '../../../shared/forum.js';
import { searchLimits, type SearchCategory } from '../../../shared/search.js';
import { type AuthorColumns } from '../../core/author.js';
import { headline, relevance, textQuery } from './text-search-sql.js';
import { queryRows, type Db } from '../../platform/db/database.js';
import { publicArticle } from '../news/index.js';

/**
 * Search's reads. Every document category is one `source`: its tables (the document as `d`, its
 * author as `u`), which rows the reader may find, and what a filter means for it. A search ranks
 * the newest `searchLimits.candidates` matches of its category (the GIN index finds rare words,
 * a backward scan of the primary key stops early on common ones) and counts up to one more.
 */

/** What the reader may find: decided by the service from their role, used by every source. */
export interface SearchScope {
  /** exclude: visible content only; include: hidden and blocked members' content too; only: just those. */
  hidden: 'exclude' | 'include' | 'only';
  /** Admins: drafts and scheduled articles, archived chat rooms. */
  unpublished: boolean;
}

/** The filters, resolved: an author's id (null: no such author, nothing matches) and UTC bounds. */
export interface SearchFilters {
  forumCategory?: string;
  authorId?: string | null;
  from?: string;
  toBefore?: string;
  minRating?: number;
}

const blocked = sql`(u.banned and (u.ban_expires is null or u.ban_expires > now()))`;

function visibility(scope: SearchScope, hidden: SQL): SQL {
  if (scope.hidden === 'include') return sql`true`;
  if (scope.hidden === 'only') return sql`(${hidden})`;
  return sql`not (${hidden})`;
}

interface Source {
  /** The document table, joined to its author `u` and whatever the filters need. */
  from: SQL;
  /** Who may find which row, before filters and the text match. */
  where: (scope: SearchScope) => SQL;
  vector: SQL;
  createdAt: SQL;
  reactions: SQL;
  /** Which filters the category understands; any other set filter leaves it empty. */
  filters: ReadonlySet<keyof SearchFilters>;
  forumCategory?: SQL;
  rating?: SQL;
}

const documentSources = {
  posts: {
    from: sql`posts d join users u on u.id = d.author_id join categories cat on cat.id = d.category_id`,
    // A news article's discussion thread is found as the article (news), not as a thread.
    where: (scope) => sql`d.deleted_at is null and cat.slug <> ${newsCategorySlug}
      and ${visibility(scope, sql`d.hidden_at is not null or ${blocked}`)}`,
    vector: sql`d.search_vector`,
    createdAt: sql`d.created_at`,
    reactions: sql`d.reaction_count`,
    filters: new Set(['forumCategory', 'authorId', 'from', 'toBefore', 'minRating']),
    forumCategory: sql`cat.slug`,
    // A thread shows its rating only in Reviews (a moved one keeps it stored, unshown).
    rating: sql`(case when cat.slug = ${reviewsCategorySlug} then d.rating end)`,
  },
  replies: {
    from: sql`comments d join posts p on p.id = d.post_id join users u on u.id = d.author_id
      join categories cat on cat.id = p.category_id`,
    where: (scope) => sql`d.deleted_at is null and p.deleted_at is null
      and ${visibility(scope, sql`d.hidden_at is not null or p.hidden_at is not null or ${blocked}`)}`,
    vector: sql`d.search_vector`,
    createdAt: sql`d.created_at`,
    reactions: sql`d.reaction_count`,
    filters: new Set(['forumCategory', 'authorId', 'from', 'toBefore']),
    forumCategory: sql`cat.slug`,
  },
  news: {
    from: sql`news_articles d join users u on u.id = d.author_id`,
    where: (scope) => {
      const published = publicArticle({ status: sql`d.status`, publishAt: sql`d.publish_at` });
      if (!scope.unpublished) return scope.hidden === 'only' ? sql`false` : published;
      return visibility(scope, sql`not ${published}`);
    },
    vector: sql`d.search_vector`,
    createdAt: sql`coalesce(d.publish_at, d.created_at)`,
    reactions: sql`0`,
    filters: new Set(['authorId', 'from', 'toBefore']),
  },
  chat: {
    from: sql`chat_messages d join chat_rooms r on r.id = d.room_id join users u on u.id = d.author_id`,
    where: (scope) => sql`d.deleted_at is null
      and ${scope.unpublished ? sql`true` : sql`r.archived_at is null`}
      and ${visibility(scope, sql`d.hidden_at is not null or ${blocked}`)}`,
    vector: sql`d.search_vector`,
    createdAt: sql`d.created_at`,
    reactions: sql`d.reaction_count`,
    filters: new Set(['authorId', 'from', 'toBefore']),
  },
} satisfies Record<Exclude<SearchCategory, 'users' | 'films'>, Source>;

export type DocumentCategory = keyof typeof documentSources;

function filtersOf(source: Source, filters: SearchFilters): SQL {
  const set = (Object.keys(filters) as (keyof SearchFilters)[]).filter(
    (key) => filters[key] !== undefined,
  );
  if (set.some((key) => !source.filters.has(key))) return sql`false`;
  const conditions: SQL[] = [];
  if (filters.forumCategory !== undefined && source.forumCategory) {
    conditions.push(sql`${source.forumCategory} = ${filters.forumCategory}`);
  }
  if (filters.authorId !== undefined) {
    conditions.push(
      filters.authorId === null ? sql`false` : sql`d.author_id = ${filters.authorId}`,
    );
  }
  if (filters.from !== undefined) {
    conditions.push(sql`${source.createdAt} >= ${filters.from}::timestamptz`);
  }
  if (filters.toBefore !== undefined) {
    conditions.push(sql`${source.createdAt} < ${filters.toBefore}::timestamptz`);
  }
  if (filters.minRating !== undefined && source.rating) {
    conditions.push(sql`${source.rating} >= ${filters.minRating}`);
  }
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

function matching(
  category: DocumentCategory,
  text: string,
  scope: SearchScope,
  filters: SearchFilters,
) {
  const source: Source = documentSources[category];
  const query = textQuery(text);
  return {
    source,
    query,
    sql: sql`from ${source.from}
      where ${source.vector} @@ ${query} and ${source.where(scope)} and ${filtersOf(source, filters)}`,
  };
}

/**
 * People: trigram similarity on the username and the display name, so a typo still finds them.
 * Each way of matching is its own arm, so each uses its trigram index: the planner prices the
 * similarity operators too cheaply and would rather compute them for every member.
 */
function matchingPeople(text: string, scope: SearchScope, filters: SearchFilters) {
  const name = text.replace(/^@+/, '').toLowerCase();
  const prefix = `${name.replace(/[\\%_]/g, '\\$&')}%`;
  const anyFilter = Object.values(filters).some((value) => value !== undefined);
  const score = sql`greatest(
      similarity(lower(u.username), ${name}), similarity(lower(u.name), ${name}),
      word_similarity(${name}, lower(u.name)),
      case when lower(u.username) = ${name} then 2 when lower(u.username) like ${prefix} then 1 else 0 end)`;
  return {
    score,
    sql: sql`from users u
      where ${name === '' || anyFilter ? sql`false` : sql`true`}
        and u.deleted_at is null and u.username is not null
        and ${visibility(scope, blocked)}
        and u.id in (
          select id from users where lower(username) % ${name}
          union select id from users where lower(name) % ${name}
          union select id from users where ${name} <% lower(name)
          union select id from users where lower(username) like ${prefix})`,
  };
}

/**
 * Films: live ones only (a film merged into another is not found, the one it became is), by their title or
 * original title compared as film titles are (`film_key`, migration 0025: no diacritics, case,
 * punctuation or leading article), so "amelie" finds "Amélie". A film is found by a word or a
 * part of its title (`like`), or by a near miss (trigram word similarity). The best match
 * first: the whole title, then its start, then the closest; the most reviewed among equals.
 * Films are few next to posts (one per film reviewed), and a trigram or `like` test of each
 * live title costs little; films understand no filter and have nothing hidden.
 */
function matchingFilms(text: string, scope: SearchScope, filters: SearchFilters) {
  const key = sql`film_key(${text})`;
  const pattern = sql`replace(replace(replace(${key}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
  const anyFilter = Object.values(filters).some((value) => value !== undefined);
  const original = sql`film_key(coalesce(f.original_title, ''))`;
  const score = sql`greatest(
      case when f.title_key = ${key} or ${original} = ${key} then 3
        when f.title_key like ${pattern} || '%' or ${original} like ${pattern} || '%' then 2
        when f.title_key like '%' || ${pattern} || '%' or ${original} like '%' || ${pattern} || '%' then 1
        else 0 end,
      word_similarity(${key}, f.title_key), word_similarity(${key}, ${original}))`;
  return {
    score,
    sql: sql`from films f
      where ${anyFilter || scope.hidden === 'only' ? sql`false` : sql`${key} <> ''`}
        and f.merged_into_id is null
        and (f.title_key like '%' || ${pattern} || '%' or ${original} like '%' || ${pattern} || '%'
          or ${key} <% f.title_key or ${key} <% ${original})`,
  };
}

const countLimit = searchLimits.candidates + 1;

/**
 * Every category's count, each capped at one past the candidates (one round trip), and how many
 * words the text query kept (0: only stop words).
 */
export async function countMatches(
  db: Db,
  text: string,
  categories: readonly SearchCategory[],
  scope: SearchScope,
  filters: SearchFilters,
): Promise<{ terms: number; counts: Partial<Record<SearchCategory, number>> }> {
  const columns = categories.map((category) => {
    const from =
      category === 'users'
        ? matchingPeople(text, scope, filters).sql
        : category === 'films'
          ? matchingFilms(text, scope, filters).sql
          : matching(category, text, scope, filters).sql;
    return sql`(select count(*)::int from (select 1 ${from} limit ${countLimit}) found) as ${sql.identifier(category)}`;
  });
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`select ${sql.join([sql`numnode(${textQuery(text)})::int as terms`, ...columns], sql`, `)}`,
  );
  const counts: Partial<Record<SearchCategory, number>> = {};
  for (const category of categories) counts[category] = Number(row?.[category] ?? 0);
  return { terms: Number(row?.terms ?? 0), counts };
}

interface PageWindow {
  limit: number;
  offset: number;
}

type Time = Date | string;

/** The ranked candidates' page: ids and scores, best first. */
function rankedPage(
  category: DocumentCategory,
  text: string,
  scope: SearchScope,
  filters: SearchFilters,
  window: PageWindow,
) {
  const match = matching(category, text, scope, filters);
  const score = relevance({
    vector: match.source.vector,
    query: match.query,
    createdAt: match.source.createdAt,
    reactions: match.source.reactions,
  });
  return {
    query: match.query,
    sql: sql`select ranked.id, ranked.score from (
        select d.id, ${score} as score ${match.sql}
        order by d.id desc limit ${searchLimits.candidates}
      ) ranked
      order by ranked.score desc, ranked.id desc
      limit ${window.limit} offset ${window.offset}`,
  };
}

const authorColumns = sql`u.id as author_id, u.name as author_name, u.username as author_username,
  u.display_username as author_display_username, u.image as author_image, u.role as author_role,
  u.deleted_at as author_deleted_at`;

export interface PostHitRow extends AuthorColumns {
  id: number | string;
  title: string;
  snippet: string;
  category_slug: string;
  category_name: string;
  film_title: string | null;
  rating: number | null;
  reply_count: number;
  reaction_count: number;
  created_at: Time;
  hidden: boolean;
}

export function postPage(
  db: Db,
  text: string,
  scope: SearchScope,
  filters: SearchFilters,
  window: PageWindow,
) {
  const page = rankedPage('posts', text, scope, filters, window);
  return queryRows<PostHitRow>(
    db,
    sql`select d.id, ${headline(sql`d.title`, page.query, 'title')} as title,
        ${headline(sql`d.body_source`, page.query, 'snippet')} as snippet,
        cat.slug as category_slug, cat.name as category_name, d.film_title, d.rating,
        d.reply_count, d.reaction_count, d.created_at,
        (d.hidden_at is not null or ${blocked}) as hidden, ${authorColumns}
      from (${page.sql}) ranked
      join posts d on d.id = ranked.id join users u on u.id = d.author_id
      join categories cat on cat.id = d.category_id
      order by ranked.score desc, ranked.id desc`,
  );
}

export interface ReplyHitRow extends AuthorColumns {
  id: number | string;
  post_id: number | string;
  post_title: string;
  snippet: string;
  reaction_count: number;
  created_at: Time;
  hidden: boolean;
}

export function replyPage(
  db: Db,
  text: string,
  scope: SearchScope,
  filters: SearchFilters,
  window: PageWindow,
) {
  const page = rankedPage('replies', text, scope, filters, window);
  return queryRows<ReplyHitRow>(
    db,
    sql`select d.id, d.post_id, p.title as post_title,
        ${headline(sql`d.body_source`, page.query, 'snippet')} as snippet,
        d.reaction_count, d.created_at,
        (d.hidden_at is not null or p.hidden_at is not null or ${blocked}) as hidden, ${authorColumns}
      from (${page.sql}) ranked
      join comments d on d.id = ranked.id join posts p on p.id = d.post_id
      join users u on u.id = d.author_id
      order by ranked.score desc, ranked.id desc`,
  );
}

export interface NewsHitRow {
  id: number | string;
  title: string;
  snippet: string;
  published_at: Time | null;
  published: boolean;
}

export function newsPage(
  db: Db,
  text: string,
  scope: SearchScope,
  filters: SearchFilters,
  window: PageWindow,
) {
  const page = rankedPage('news', text, scope, filters, window);
  const published = publicArticle({ status: sql`d.status`, publishAt: sql`d.publish_at` });
  return queryRows<NewsHitRow>(
    db,
    sql`select d.id, ${headline(sql`d.title`, page.query, 'title')} as title,
        ${headline(sql`d.summary || ' ' || d.body_source`, page.query, 'snippet')} as snippet,
        d.publish_at as published_at, ${published} as published
      from (${page.sql}) ranked join news_articles d on d.id = ranked.id
      order by ranked.score desc, ranked.id desc`,
  );
}

export interface ChatHitRow extends AuthorColumns {
  id: number | string;
  room_id: number;
  room_name: string;
  snippet: string;
  created_at: Time;
  hidden: boolean;
}

export function chatPage(
  db: Db,
  text: string,
  scope: SearchScope,
  filters: SearchFilters,
  window: PageWindow,
) {
  const page = rankedPage('chat', text, scope, filters, window);
  return queryRows<ChatHitRow>(
    db,
    sql`select d.id, d.room_id, r.name as room_name,
        ${headline(sql`d.body_source`, page.query, 'snippet')} as snippet, d.created_at,
        (d.hidden_at is not null or ${blocked}) as hidden, ${authorColumns}
      from (${page.sql}) ranked
      join chat_messages d on d.id = ranked.id join chat_rooms r on r.id = d.room_id
      join users u on u.id = d.author_id
      order by ranked.score desc, ranked.id desc`,
  );
}

export interface UserHitRow {
  id: string;
  username: string;
  display_username: string | null;
  name: string;
  image: string | null;
  role: string;
  created_at: Time;
  blocked: boolean;
}

export function peoplePage(
  db: Db,
  text: string,
  scope: SearchScope,
  filters: SearchFilters,
  window: PageWindow,
) {
  const match = matchingPeople(text, scope, filters);
  return queryRows<UserHitRow>(
    db,
    sql`select u.id, u.username, u.display_username, u.name, u.image, u.role, u.created_at,
        ${blocked} as blocked
      ${match.sql}
      order by ${match.score} desc, lower(u.username), u.id
      limit ${window.limit} offset ${window.offset}`,
  );
}

export interface FilmHitRow {
  id: number | string;
  title: string;
  original_title: string | null;
  year: number | null;
  review_count: number;
  rating_sum: number;
}

export function filmPage(
  db: Db,
  text: string,
  scope: SearchScope,
  filters: SearchFilters,
  window: PageWindow,
) {
  const match = matchingFilms(text, scope, filters);
  return queryRows<FilmHitRow>(
    db,
    sql`select f.id, f.title, f.original_title, f.year, f.review_count, f.rating_sum
      ${match.sql}
      order by ${match.score} desc, f.review_count desc, f.id desc
      limit ${window.limit} offset ${window.offset}`,
  );
}

/** A member's id by username, for the author filter. */
export async function authorIdByUsername(db: Db, username: string): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from users where lower(username) = ${username.replace(/^@+/, '').toLowerCase()}
      and deleted_at is null`,
  );
  return row?.id ?? null;
}

/** Where a result lives, and what decides whether the reader may still see it. */
export interface LocatedRow {
  id: number | string;
  author_id: string | null;
  hidden: boolean;
  gone: boolean;
  /** Replies: the thread; chat: the room. */
  parent_id: number | string | null;
  /** The news article a thread or reply belongs to (its discussion), or the article itself. */
  article_id: number | string | null;
  article_public: boolean | null;
  username: string | null;
  /** Chat: the room is archived (admins still read it). */
  archived: boolean | null;
  /** Films: the title its address is made of. */
  title: string | null;
}

const locators: Record<SearchCategory, (id: string) => SQL> = {
  // A film merged into another is found as the one it was merged into.
  films: (id) => sql`select coalesce(s.id, f.id) as id, null as author_id, false as hidden,
      false as gone, null as parent_id, null as article_id, null as article_public,
      null as username, null as archived, coalesce(s.title, f.title) as title
    from films f left join films s on s.id = f.merged_into_id where f.id = ${id}::bigint`,
  posts: (id) => sql`select p.id, p.author_id, p.hidden_at is not null as hidden,
      p.deleted_at is not null as gone, null as parent_id, n.id as article_id,
      ${publicArticle({ status: sql`n.status`, publishAt: sql`n.publish_at` })} as article_public,
      null as username, null as archived, null as title
    from posts p left join news_articles n on n.discussion_post_id = p.id
    where p.id = ${id}::bigint`,
  replies: (id) => sql`select c.id, c.author_id,
      (c.hidden_at is not null or p.hidden_at is not null) as hidden,
      (c.deleted_at is not null or p.deleted_at is not null) as gone, c.post_id as parent_id,
      n.id as article_id,
      ${publicArticle({ status: sql`n.status`, publishAt: sql`n.publish_at` })} as article_public,
      null as username, null as archived, null as title
    from comments c join posts p on p.id = c.post_id
    left join news_articles n on n.discussion_post_id = p.id
    where c.id = ${id}::bigint`,
  news: (id) => sql`select n.id, n.author_id, false as hidden, false as gone, null as parent_id,
      n.id as article_id,
      ${publicArticle({ status: sql`n.status`, publishAt: sql`n.publish_at` })} as article_public,
      null as username, null as archived, null as title
    from news_articles n where n.id = ${id}::bigint`,
  users: (id) => sql`select u.id, u.id as author_id, ${blocked} as hidden,
      (u.deleted_at is not null or u.username is null) as gone, null as parent_id,
      null as article_id, null as article_public, coalesce(u.display_username, u.username) as username,
      null as archived, null as title
    from users u where u.id = ${id}`,
  chat: (id) => sql`select m.id, m.author_id, m.hidden_at is not null as hidden,
      m.deleted_at is not null as gone, m.room_id as parent_id,
      null as article_id, null as article_public, null as username,
      r.archived_at is not null as archived, null as title
    from chat_messages m join chat_rooms r on r.id = m.room_id where m.id = ${id}::bigint`,
};

export async function locate(
  db: Db,
  category: SearchCategory,
  id: string,
): Promise<LocatedRow | null> {
  const [row] = await queryRows<LocatedRow>(db, locators[category](id));
  return row ?? null;
}
