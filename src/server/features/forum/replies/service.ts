import {
  failedPrecondition,
  invalidArgument,
  notFound,
  permissionDenied,
} from '../../../../shared/errors.js';
import { noRepliesMessage, replyBlocker } from '../../../../shared/forum.js';
import type { Comment, CommentPage } from '../../../../shared/forum.js';
import { queryRows, type Db } from '../../../platform/db/database.js';
import { plainExcerpt } from '../../../markdown/excerpt.js';
import { newlyMentioned, renderBody } from '../rendered-body.js';
import { queryEnqueuing } from '../../../core/jobs.js';
import { notifyLater } from '../../../core/notify.js';
import { mentionedByEdit } from '../notify-events.js';
import {
  decodeAuthorCommentCursor,
  decodeCommentCursor,
  encodeAuthorCommentCursor,
  encodeCommentCursor,
} from '../list-cursors.js';
import type { ThreadLive } from './live-replies.js';
import type { ForumReads } from '../read-repo.js';
import {
  presentComment,
  presentRevision,
  type CommentRow,
  type HiddenState,
} from '../presenter.js';
import * as replies from './repo.js';
import { usernameExists } from '../threads/repo.js';
import * as repo from '../repo.js';
import {
  assertMayEditOthers,
  assertNewAccountLinks,
  assertVisible,
  canModerate,
  contentAbilities,
} from '../rules.js';
import type { Viewer } from '../../../core/viewer.js';
import { recordAudit } from '../../../core/audit.js';
import { iso } from '../../../core/author.js';
import type { Tx } from '../../../core/transaction.js';

/**
 * The quoted reply's excerpt, remembered by its text: a thread page quotes the same few replies
 * request after request, and the excerpt costs a Markdown parse.
 */
const excerpts = new Map<string, string>();
function excerpt(source: string): string {
  let found = excerpts.get(source);
  if (found === undefined) {
    if (excerpts.size >= 5_000) excerpts.clear();
    found = plainExcerpt(source, 140);
    excerpts.set(source, found);
  }
  return found;
}

/**
 * A hidden reply is shown with its reason to its author and moderators, who may see it; to
 * everyone else it is a tombstone. Its author changes nothing in it until it is restored.
 */
function present(
  viewer: Viewer | null,
  row: CommentRow,
  reasons: ReadonlyMap<number, string>,
): Comment {
  const abilities = contentAbilities(viewer, {
    author: { id: row.author_id, role: row.author_role, deletedAt: row.author_deleted_at },
    deleted: row.deleted_at !== null,
    reacted: row.reacted,
  });
  const withSource = viewer !== null;
  if (row.hidden_at === null) {
    return presentComment(row, abilities, excerpt, undefined, withSource);
  }
  const seen = canModerate(viewer) || row.author_id === viewer?.id;
  const hidden: HiddenState = seen
    ? { reason: reasons.get(Number(row.id)) ?? 'Hidden by a moderator' }
    : null;
  const viewerAbilities = canModerate(viewer)
    ? abilities
    : { ...abilities, canEdit: false, canDelete: false };
  return presentComment(row, viewerAbilities, excerpt, { hidden, concealed: !seen }, withSource);
}

/** The reasons of the hidden replies this viewer may see: one query, only when there are any. */
async function hiddenReasons(db: Db, viewer: Viewer | null, rows: CommentRow[]) {
  const ids = rows
    .filter(
      (row) => row.hidden_at !== null && (canModerate(viewer) || row.author_id === viewer?.id),
    )
    .map((row) => Number(row.id));
  if (ids.length === 0) return new Map<number, string>();
  const found = await replies.hiddenReasonsOf(db, ids);
  return new Map(found.map((row) => [Number(row.id), row.reason ?? 'Hidden by a moderator']));
}

/** Replies: a thread's pages, writing, editing, deleting, and a profile's list. */
export function createCommentService(deps: { db: Db; reads: ForumReads; live: ThreadLive }) {
  const { db, reads } = deps;

  async function read(viewer: Viewer | null, id: number): Promise<Comment> {
    const [row] = await queryRows<CommentRow>(db, repo.commentByIdQuery(id, viewer?.id ?? null));
    if (!row) throw notFound('Reply');
    return present(viewer, row, await hiddenReasons(db, viewer, [row]));
  }

  /** The reply with its thread's state, locked for an edit or delete. */
  async function ownReply(viewer: Viewer, id: number, tx: Tx) {
    const row = await replies.lockReply(tx, id);
    assertVisible(row && { hiddenAt: row.postHiddenAt }, viewer, 'Reply');
    assertVisible(row.comment, viewer, 'Reply');
    return row.comment;
  }

  /** Why the one-statement reply wrote nothing, checked in the order a reader would ask. */
  function whyNoReply(
    viewer: Viewer,
    row: repo.InsertedReplyRow | undefined,
    replyToId: number | null,
    postId: number,
  ): Error {
    const thread =
      row && row.target_locked !== null
        ? {
            hiddenAt: row.target_hidden_at,
            deletedAt: row.target_deleted_at,
            locked: row.target_locked,
          }
        : undefined;
    assertVisible(thread, viewer, 'Thread');
    const blocker = replyBlocker({
      deleted: thread.deletedAt != null,
      hidden: thread.hiddenAt != null,
      locked: thread.locked,
    });
    if (blocker) return failedPrecondition(noRepliesMessage[blocker]);
    if (replyToId !== null) {
      const quotedHidden = row?.quoted_hidden_at != null && !canModerate(viewer);
      if (row?.quoted_post_id == null || Number(row.quoted_post_id) !== postId || quotedHidden) {
        return invalidArgument('You can only answer a reply in the same thread');
      }
      if (row.quoted_deleted_at)
        return invalidArgument('That reply was deleted: answer another one');
    }
    return new Error(`reply to thread ${postId} was not written for no known reason`);
  }

  return {
    async page(
      viewer: Viewer | null,
      postId: number,
      query: { cursor?: string | undefined; limit: number },
    ): Promise<CommentPage> {
      // Hidden replies are read for everyone: present() decides who sees what of them.
      const rows = await reads.commentPage({
        postId,
        afterId: query.cursor ? decodeCommentCursor(query.cursor) : 0,
        limit: query.limit + 1,
        viewerId: viewer?.id ?? null,
      });
      const head = rows[0];
      if (!head) throw notFound('Thread');
      if (head.post_hidden && !canModerate(viewer)) {
        const authorId = await replies.threadAuthorId(db, postId);
        if (!viewer || authorId !== viewer.id) throw notFound('Thread');
      }
      const found = rows.filter((row) => row.id !== null);
      const page = found.slice(0, query.limit);
      const last = page.at(-1);
      const reasons = await hiddenReasons(db, viewer, page);
      return {
        items: page.map((row) => present(viewer, row, reasons)),
        nextCursor:
          found.length > query.limit && last ? encodeCommentCursor(Number(last.id)) : null,
        total: head.total,
      };
    },

    async create(
      viewer: Viewer,
      postId: number,
      body: { body: string; replyToId?: number | null | undefined },
    ): Promise<Comment> {
      await assertNewAccountLinks(db, viewer, body.body, 'reply');
      const { html: bodyHtml, mentionedUserIds } = await renderBody(db, body.body);
      const [row] = await queryEnqueuing<repo.InsertedReplyRow>(
        db,
        repo.insertReplyQuery({
          postId,
          authorId: viewer.id,
          replyToId: body.replyToId ?? null,
          bodySource: body.body,
          bodyHtml,
          mayQuoteHidden: canModerate(viewer),
          mentioned: mentionedUserIds,
        }),
      );
      if (row?.id == null) throw whyNoReply(viewer, row, body.replyToId ?? null, postId);
      // The thread's readers hear of it once the remembered pages are forgotten here and,
      // through the bus, in the other processes, so the page they then ask for holds it. A
      // failed forgetting is logged by the write's own (forum.ts); they are told all the same.
      const told = { postId, replyId: Number(row.id), total: Number(row.thread_total) };
      void reads
        .forgetLists()
        .catch(() => undefined)
        .then(() => deps.live.replyStored(told));
      // A new reply is neither hidden nor liked: it needs no reasons looked up.
      return present(viewer, row as CommentRow, new Map());
    },

    /** The editor's preview: rendered as it would be stored, mentions included. */
    async preview(source: string): Promise<string> {
      return (await renderBody(db, source)).html;
    },

    async update(viewer: Viewer, id: number, body: { body: string }): Promise<Comment> {
      const rendered = await renderBody(db, body.body);
      const bodyHtml = rendered.html;
      await db.transaction(async (tx) => {
        const comment = await ownReply(viewer, id, tx);
        if (comment.authorId !== viewer.id) {
          await assertMayEditOthers(tx, viewer, comment.authorId, 'reply');
        }
        if (comment.deletedAt)
          throw failedPrecondition('This reply was deleted: it cannot be edited');
        if (comment.bodySource === body.body) return;
        if (comment.authorId === viewer.id) {
          await assertNewAccountLinks(tx, viewer, body.body, 'reply', comment.id);
        }
        await replies.editReply(tx, comment, viewer.id, { bodySource: body.body, bodyHtml });
        await notifyLater(tx, mentionedByEdit, {
          postId: comment.postId,
          commentId: id,
          mentioned: newlyMentioned(comment.bodyHtml, rendered),
        });
        // An experienced moderator's edit of someone else's reply is a moderation action.
        if (comment.authorId !== viewer.id) {
          await recordAudit(tx, {
            actor: viewer,
            action: 'comment.edit',
            target: { type: 'comment', id, label: plainExcerpt(comment.bodySource, 80) },
            before: { body: comment.bodySource },
            after: { body: body.body },
          });
        }
      });
      return read(viewer, id);
    },

    /** Soft delete by the author: the reply stays in the thread as a tombstone. */
    async remove(viewer: Viewer, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const comment = await ownReply(viewer, id, tx);
        if (comment.authorId !== viewer.id)
          throw permissionDenied('You can only delete your own replies');
        await replies.softDeleteReply(tx, id);
      });
    },

    /**
     * A reply's earlier versions, newest first. Whoever may see the reply sees them (a hidden
     * reply: its author and moderators); a deleted reply's history goes with it, but for
     * moderators.
     */
    async revisions(viewer: Viewer | null, id: number) {
      const row = await replies.replyState(db, id);
      const sees = (hiddenAt: Date | null, authorId: string) =>
        hiddenAt === null || canModerate(viewer) || authorId === viewer?.id;
      if (!row || !sees(row.postHiddenAt, row.postAuthorId) || !sees(row.hiddenAt, row.authorId)) {
        throw notFound('Reply');
      }
      if (row.deletedAt && !canModerate(viewer)) return [];
      return (await replies.replyRevisions(db, id)).map(presentRevision);
    },

    async byAuthor(query: { author: string; cursor?: string | undefined; limit: number }) {
      const author = query.author.toLowerCase();
      const rows = await reads.authorComments({
        author,
        after: query.cursor ? decodeAuthorCommentCursor(query.cursor) : undefined,
        limit: query.limit + 1,
      });
      if (rows.length === 0 && !(await usernameExists(db, author))) throw notFound('User');
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => ({
          id: Number(row.id),
          post: { id: Number(row.post_id), title: row.post_title },
          bodyHtml: row.body_html,
          createdAt: iso(row.created_at),
        })),
        nextCursor:
          rows.length > query.limit && last
            ? encodeAuthorCommentCursor(last.cursor_key, Number(last.id))
            : null,
      };
    },
  };
}

export type CommentService = ReturnType<typeof createCommentService>;
