import { averageRating, filmPath } from '../../../shared/films.js';
import type {
  ChatHit,
  FilmHit,
  NewsHit,
  PostHit,
  ReplyHit,
  UserHit,
} from '../../../shared/search.js';
import { shownReview } from '../../../shared/forum.js';
import { isRole } from '../../../shared/roles.js';
import { authorOfRow, iso, isoOrNull, presentAuthor } from '../../core/author.js';
import { highlightParts } from './text-search-sql.js';
import type {
  ChatHitRow,
  FilmHitRow,
  NewsHitRow,
  PostHitRow,
  ReplyHitRow,
  UserHitRow,
} from './repo.js';

const title = (text: string) => highlightParts(text, { markdown: false });
const snippet = (text: string) => highlightParts(text, { markdown: true });

export const presentPostHit = (row: PostHitRow): PostHit => ({
  kind: 'posts',
  id: Number(row.id),
  title: title(row.title),
  snippet: snippet(row.snippet),
  author: presentAuthor(authorOfRow(row)),
  category: { slug: row.category_slug, name: row.category_name },
  ...shownReview(row.category_slug, {
    filmTitle: row.film_title,
    rating: row.rating === null ? null : Number(row.rating),
  }),
  replyCount: Number(row.reply_count),
  reactionCount: Number(row.reaction_count),
  createdAt: iso(row.created_at),
  hidden: row.hidden,
});

export const presentReplyHit = (row: ReplyHitRow): ReplyHit => ({
  kind: 'replies',
  id: Number(row.id),
  postId: Number(row.post_id),
  postTitle: row.post_title,
  snippet: snippet(row.snippet),
  author: presentAuthor(authorOfRow(row)),
  reactionCount: Number(row.reaction_count),
  createdAt: iso(row.created_at),
  hidden: row.hidden,
});

export const presentNewsHit = (row: NewsHitRow): NewsHit => ({
  kind: 'news',
  id: Number(row.id),
  title: title(row.title),
  snippet: snippet(row.snippet),
  publishedAt: isoOrNull(row.published_at),
  published: row.published,
});

export const presentChatHit = (row: ChatHitRow): ChatHit => ({
  kind: 'chat',
  id: Number(row.id),
  roomId: Number(row.room_id),
  roomName: row.room_name,
  snippet: snippet(row.snippet),
  author: presentAuthor(authorOfRow(row)),
  createdAt: iso(row.created_at),
  hidden: row.hidden,
});

export const presentUserHit = (row: UserHitRow): UserHit => ({
  kind: 'users',
  id: row.id,
  username: row.display_username ?? row.username,
  name: row.name,
  image: row.image,
  role: isRole(row.role) ? row.role : null,
  joinedAt: iso(row.created_at),
  blocked: row.blocked,
});

export function presentFilmHit(row: FilmHitRow): FilmHit {
  const id = Number(row.id);
  const figures = { reviewCount: Number(row.review_count), ratingSum: Number(row.rating_sum) };
  return {
    kind: 'films',
    id,
    title: row.title,
    originalTitle: row.original_title,
    year: row.year === null ? null : Number(row.year),
    reviewCount: figures.reviewCount,
    average: averageRating(figures),
    url: filmPath({ id, title: row.title }),
  };
}
