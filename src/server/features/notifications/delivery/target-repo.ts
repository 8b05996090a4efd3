import { sql } from 'drizzle-orm';
import { queryRows } from '../../../platform/db/database.js';
import type { DbOrTx } from '../../../core/transaction.js';

/**
 * What a notification points at, read when its job runs: the thread (and the article it
 * discusses, for news comments), the reply, the chat message, the review and its film; with
 * whether it may still be told of (neither hidden nor deleted).
 */
export interface ThreadTarget {
  post_id: number | string;
  title: string;
  category_id: number;
  post_author_id: string;
  article_id: number | string | null;
  post_visible: boolean;
}

export interface ReplyTarget extends ThreadTarget {
  comment_id: number | string;
  author_id: string;
  body_source: string;
  visible: boolean;
  quoted_author_id: string | null;
}

const threadColumns = sql`p.id as post_id, p.title, p.category_id, p.author_id as post_author_id,
  (select ar.id from news_articles ar where ar.discussion_post_id = p.id limit 1) as article_id,
  (p.deleted_at is null and p.hidden_at is null) as post_visible`;

export async function threadTarget(db: DbOrTx, postId: number): Promise<ThreadTarget | null> {
  const [row] = await queryRows<ThreadTarget>(
    db,
    sql`select ${threadColumns} from posts p where p.id = ${postId}`,
  );
  return row ?? null;
}

export async function replyTarget(db: DbOrTx, commentId: number): Promise<ReplyTarget | null> {
  const [row] = await queryRows<ReplyTarget>(
    db,
    sql`select ${threadColumns}, c.id as comment_id, c.author_id, c.body_source,
        (c.deleted_at is null and c.hidden_at is null) as visible,
        (select q.author_id from comments q
          where q.id = c.reply_to_id and q.deleted_at is null and q.hidden_at is null
        ) as quoted_author_id
      from comments c join posts p on p.id = c.post_id where c.id = ${commentId}`,
  );
  return row ?? null;
}

export interface FilmReviewTarget extends ThreadTarget {
  body_source: string;
  film_id: number | string;
  film_title: string;
  film_year: number | null;
}

/**
 * A review with the film it is of now (a merge or an edit since the event moves it): its
 * followers are told.
 */
export async function filmReviewTarget(
  db: DbOrTx,
  postId: number,
): Promise<FilmReviewTarget | null> {
  const [row] = await queryRows<FilmReviewTarget>(
    db,
    sql`select ${threadColumns}, p.body_source, f.id as film_id, f.title as film_title,
        f.year as film_year
      from posts p join films f on f.id = p.film_id
      where p.id = ${postId} and p.rating is not null`,
  );
  return row ?? null;
}

export interface ChatTarget {
  id: number | string;
  room_id: number;
  room_name: string;
  author_id: string;
  body_source: string;
  visible: boolean;
}

export async function chatTarget(db: DbOrTx, messageId: number): Promise<ChatTarget | null> {
  const [row] = await queryRows<ChatTarget>(
    db,
    sql`select m.id, m.room_id, r.name as room_name, m.author_id, m.body_source,
        (m.deleted_at is null and m.hidden_at is null) as visible
      from chat_messages m join chat_rooms r on r.id = m.room_id where m.id = ${messageId}`,
  );
  return row ?? null;
}

export interface ArticleTarget {
  id: number | string;
  title: string;
  summary: string;
  author_id: string;
  public: boolean;
}

export async function articleTarget(db: DbOrTx, articleId: number): Promise<ArticleTarget | null> {
  const [row] = await queryRows<ArticleTarget>(
    db,
    sql`select id, title, summary, author_id,
        (status = 'published' or (status = 'scheduled' and publish_at <= now())) as public
      from news_articles where id = ${articleId}`,
  );
  return row ?? null;
}
