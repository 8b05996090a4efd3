import { Anchor, Blockquote, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp, IconEdit, IconQuote, IconTrash } from '../../components/icons';
import { lazy, memo, Suspense, useState } from 'react';
import type { Comment } from '../../../shared/forum';
import { AuthorLink } from '../../components/author-link';
import { ModerationMenu } from '../../components/moderation-menu';
import { useViewer } from '../../components/use-viewer';
import { RoleBadge } from '../../components/role-badge';
import { UserAvatar } from '../../components/user-avatar';
import { linkedItemProps } from '../../components/use-linked-item';
import { can } from '../../../shared/permissions';
import { ActionButton } from './action-button';
import { HiddenNotice } from './hidden-notice';
import { LikeButton, LikeCount } from './like-button';
import { RelativeTime } from './relative-time';
import { RenderedMarkdown } from '../../components/rendered-markdown';
import { ReportButton } from './report-button';
import { RevisionHistory } from './revision-history';
import type { SignInGate } from '../../components/use-sign-in-gate';
import rows from '../../components/rows.module.css';
import classes from './reply-row.module.css';

/** The editor loads on the first press of a reply's "Edit"; the reply stays shown meanwhile. */
const ReplyEditForm = lazy(() =>
  import('./reply-edit-form').then((module) => ({ default: module.ReplyEditForm })),
);

/** A reply with its Markdown, which a signed-in viewer's answer carries: one they may quote. */
export type QuotableComment = Comment & { bodySource: string };

/** What a row can ask of the thread; one identity-stable object shared by every row. */
export interface ReplyActions {
  like: (comment: Comment, react: boolean) => void;
  reply: (comment: Comment) => void;
  quote: (comment: QuotableComment) => void;
  remove: (comment: Comment) => void;
}

/** The element id of a reply's row: the target of quote links and of `?reply=` links. */
export const replyElementId = (id: number) => `reply-${id}`;

interface ReplyRowProps {
  comment: Comment;
  actions: ReplyActions;
  gate: SignInGate;
  /** The viewer may reply here (signed in, verified, thread open). */
  canReply: boolean;
  /** The reply the address links to (`?reply=`): marked, and focused once scrolled to. */
  linked?: boolean;
  /** The first reply the member had not read: the thread opens here and focus lands on it. */
  firstUnread?: boolean;
}

function QuotedReply({ replyTo }: { replyTo: NonNullable<Comment['replyTo']> }) {
  return (
    <Blockquote p="xs" py={6} color="gray" fz="sm">
      <Anchor href={`#${replyElementId(replyTo.id)}`} size="sm" fw={600}>
        {replyTo.authorName} wrote:
      </Anchor>
      <Text size="sm" lineClamp={3}>
        {replyTo.excerpt}
      </Text>
    </Blockquote>
  );
}

/**
 * One reply. Memoised on its props: a thread of 2,000 replies re-renders only the row whose
 * reply changed (the cache keeps every other reply's object), not all of them.
 */
export const ReplyRow = memo(function ReplyRow({
  comment,
  actions,
  gate,
  canReply,
  linked = false,
  firstUnread = false,
}: ReplyRowProps) {
  const [editing, setEditing] = useState(false);
  const what = `the reply by ${comment.author.name}`;
  const viewer = useViewer();
  const isModerator = can(viewer?.role, 'content.moderate');
  // Members like and report what others wrote, never their own (the server refuses it too).
  const own = viewer?.id === comment.author.id;
  // Only a signed-in viewer's answer carries the Markdown that quoting and editing start from.
  const source = comment.bodySource;

  return (
    <li
      id={replyElementId(comment.id)}
      className={classes.row}
      tabIndex={firstUnread ? -1 : undefined}
      {...linkedItemProps(linked)}
    >
      {linked && <VisuallyHidden>Linked reply</VisuallyHidden>}
      {firstUnread && !linked && <VisuallyHidden>First new reply</VisuallyHidden>}
      <div className={classes.head}>
        <UserAvatar author={comment.author} size={28} />
        <p className={`${rows.small} ${classes.name}`}>
          <AuthorLink author={comment.author} />
        </p>
        <RoleBadge role={comment.author.role} staffOnly />
        <p className={`${rows.small} ${rows.dimmed}`}>
          <RelativeTime iso={comment.createdAt} />
          {comment.editedAt && (
            <>
              {' · edited '}
              <RelativeTime iso={comment.editedAt} />
            </>
          )}
        </p>
      </div>

      {comment.hidden && !comment.deleted && (
        <HiddenNotice what="reply" reason={comment.hidden.reason} />
      )}

      {comment.replyTo && !comment.deleted && <QuotedReply replyTo={comment.replyTo} />}

      {comment.deleted ? (
        <p className={`${rows.small} ${rows.dimmed} ${rows.italic}`}>This reply was deleted.</p>
      ) : editing && source !== undefined ? (
        <Suspense fallback={<RenderedMarkdown html={comment.bodyHtml} />}>
          <ReplyEditForm comment={comment} source={source} onDone={() => setEditing(false)} />
        </Suspense>
      ) : (
        <RenderedMarkdown html={comment.bodyHtml} />
      )}

      {!comment.deleted && !editing && (
        <div className={classes.actions}>
          {own ? (
            <LikeCount count={comment.reactionCount} />
          ) : (
            <LikeButton
              reacted={comment.viewer.reacted}
              count={comment.reactionCount}
              what={what}
              gate={gate}
              onToggle={(react) => actions.like(comment, react)}
            />
          )}
          {canReply && (
            <>
              <ActionButton
                icon={IconArrowBackUp}
                label={`Reply to ${what}`}
                onClick={() => actions.reply(comment)}
              >
                Reply
              </ActionButton>
              {source !== undefined && (
                <ActionButton
                  icon={IconQuote}
                  label={`Quote ${what}`}
                  onClick={() => actions.quote({ ...comment, bodySource: source })}
                >
                  Quote
                </ActionButton>
              )}
            </>
          )}
          {comment.viewer.canEdit && source !== undefined && (
            <ActionButton icon={IconEdit} label={`Edit ${what}`} onClick={() => setEditing(true)}>
              Edit
            </ActionButton>
          )}
          {comment.viewer.canDelete && (
            <ActionButton
              icon={IconTrash}
              label={`Delete ${what}`}
              tone="red"
              onClick={() => actions.remove(comment)}
            >
              Delete
            </ActionButton>
          )}
          {comment.editedAt && (
            <RevisionHistory
              subject={{ kind: 'comment', id: comment.id }}
              label={`History of ${what}`}
              inActions
            />
          )}
          {!own && (
            <ReportButton target={{ kind: 'comment', id: comment.id }} what={what} gate={gate} />
          )}
          {isModerator && (
            <ModerationMenu
              item={{
                type: 'comment',
                postId: comment.postId,
                commentId: comment.id,
                hidden: comment.hidden,
                locked: false,
                pinned: false,
                deleted: comment.deleted,
                categoryId: null,
              }}
              author={comment.author}
              what={what}
            />
          )}
        </div>
      )}
    </li>
  );
});
