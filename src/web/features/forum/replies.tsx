import { Stack, Text, Title } from '@mantine/core';
import {
  Fragment,
  lazy,
  memo,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useSearchParams } from 'react-router';
import type { Comment, PostDetail } from '../../../shared/forum';
import type { ThreadReading } from '../../../shared/forum';
import { confirm } from '../../shell/confirm-store';
import { QueryList } from '../../components/query-list';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { useComments } from './api/get-comments';
import { useDeleteComment } from './api/delete-comment';
import { useReactToComment } from './api/react-to-comment';
import type { ReplyComposerHandle } from './reply-composer';
import { ReplyGate } from './reply-gate';
import { ReplyRow, replyElementId, type ReplyActions } from './reply-row';
import type { SignInGate } from '../../components/use-sign-in-gate';
import { useFormats } from '../../components/format-time';
import { parseLinkedId, useLinkedItem } from '../../components/use-linked-item';
import { NewRepliesDivider } from './new-replies-divider';
import { useFirstUnread } from './first-unread';
import { useAuthState } from '../../shell/auth-state';

/** Saving the reading place loads only for members, who have one: a visitor downloads none. */
const ReadingTracker = lazy(() => import('./use-reading-position'));

/** New replies live, on the live channel: only members with a verified email have it. */
const LiveReplies = lazy(() => import('./live-replies'));

/**
 * The reply form and its Markdown editor load only for someone the gate lets reply: visitors,
 * and members who cannot reply here, download none of it. It sits last on the page, so nothing
 * moves while it loads.
 */
const ReplyComposer = lazy(() =>
  import('./reply-composer').then((module) => ({ default: module.ReplyComposer })),
);

interface ReplyPageProps {
  items: readonly Comment[];
  actions: ReplyActions;
  gate: SignInGate;
  canReply: boolean;
  /** The reply `?reply=` links to, once loaded; only its row re-renders when it changes. */
  linkedId: number | null;
  /** The oldest reply the member had not read when they opened the thread. */
  firstUnreadId: number | null;
}

/** One page of 50: loading the next page leaves the earlier pages' elements untouched. */
const ReplyPage = memo(function ReplyPage({
  items,
  linkedId,
  firstUnreadId,
  ...rowProps
}: ReplyPageProps) {
  return items.map((comment) => (
    <Fragment key={comment.id}>
      {comment.id === firstUnreadId && <NewRepliesDivider />}
      <ReplyRow
        comment={comment}
        linked={comment.id === linkedId}
        firstUnread={comment.id === firstUnreadId}
        {...rowProps}
      />
    </Fragment>
  ));
});

type UseComposer = (use: (composer: ReplyComposerHandle) => void) => void;

/**
 * The composer's ref, and a way to reach it: a Reply or Quote pressed while its code is still
 * loading is done once it arrives, not dropped.
 */
function useComposer() {
  const composer = useRef<ReplyComposerHandle | null>(null);
  const waiting = useRef<((composer: ReplyComposerHandle) => void) | null>(null);
  const ref = useCallback((handle: ReplyComposerHandle | null) => {
    composer.current = handle;
    if (handle && waiting.current) {
      waiting.current(handle);
      waiting.current = null;
    }
  }, []);
  const withComposer = useCallback<UseComposer>((use) => {
    if (composer.current) use(composer.current);
    else waiting.current = use;
  }, []);
  return { ref, withComposer };
}

function useReplyActions(withComposer: UseComposer): ReplyActions {
  const { mutate: react } = useReactToComment();
  const { mutateAsync: remove } = useDeleteComment();
  return useMemo(
    () => ({
      like: (comment, value) =>
        react(
          { comment, react: value },
          { onError: (error) => showServerError('Could not save your like', error) },
        ),
      reply: (comment) => withComposer((composer) => composer.replyTo(comment)),
      quote: (comment) => withComposer((composer) => composer.quote(comment)),
      remove: (comment) =>
        confirm({
          title: 'Delete reply',
          message: 'The reply will show as deleted. Replies quoting it keep their quote.',
          confirmLabel: 'Delete reply',
          type: 'danger',
          onConfirm: async () => {
            try {
              await remove(comment);
              showSuccess('Reply deleted');
            } catch (error) {
              showServerError('Could not delete the reply', error);
            }
          },
        }),
    }),
    [react, remove, withComposer],
  );
}

interface RepliesProps {
  post: PostDetail;
  gate: SignInGate;
  /** The signed-in member's place in the thread; none for visitors and news comments. */
  reading?: ThreadReading;
  /** The news article these replies comment on, where they are shown. */
  articleId?: number | null;
}

/**
 * The thread's replies, 50 at a time in time order, and the reply form below them. A link with
 * `?reply=` (a search result) opens the thread at that reply, loading the pages before it;
 * without one, a member returns to the first reply they have not read, and their place is
 * saved as they scroll.
 */
export function Replies({ post, gate, reading, articleId = null }: RepliesProps) {
  const comments = useComments(post.id);
  const composer = useComposer();
  const actions = useReplyActions(composer.withComposer);
  const canReply = post.viewer.canReply && !post.locked && !post.deleted;
  const [params] = useSearchParams();

  const data = comments.data;
  const pages = useMemo(() => data?.pages ?? [], [data]);
  const ids = useMemo(() => pages.flatMap((page) => page.items.map((item) => item.id)), [pages]);
  const linked = parseLinkedId(params.get('reply'));
  const firstUnread = useFirstUnread(reading);
  const { linkedId } = useLinkedItem({
    wanted: linked ?? firstUnread,
    ids,
    // Replies come oldest first: each next page reaches newer replies.
    towards: 'newer',
    query: comments,
    elementId: replyElementId,
  });
  // The mark sits on the first reply still there at or after it (the first may be gone).
  const firstUnreadId = useMemo(
    () => (firstUnread === null ? null : (ids.find((id) => id >= firstUnread) ?? null)),
    [firstUnread, ids],
  );
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  const total = pages.at(-1)?.total ?? post.replyCount;
  const format = useFormats();
  const follows = useAuthState().user?.emailVerified === true && !post.deleted;
  // New replies the reader asked for are marked as new, and focus goes to the first.
  const [shownFrom, setShownFrom] = useState<number | null>(null);
  useEffect(() => {
    if (shownFrom === null) return;
    const row = document.getElementById(replyElementId(shownFrom));
    row?.scrollIntoView({ block: 'start' });
    row?.focus({ preventScroll: true });
  }, [shownFrom]);

  return (
    <Stack gap="md" component="section" aria-labelledby="replies-title">
      {reading && (
        <Suspense fallback={null}>
          <ReadingTracker postId={post.id} reading={reading} ids={ids} />
        </Suspense>
      )}
      <Title order={2} size="h3" id="replies-title">
        Replies
      </Title>
      {loaded > 0 && (
        <Text size="sm" c="dimmed" aria-live="polite">
          Showing {format.number(loaded)} of {format.number(total)}{' '}
          {total === 1 ? 'reply' : 'replies'}
        </Text>
      )}
      <QueryList
        query={comments}
        // Pages, not replies: each page is one memoised block of rows.
        items={loaded === 0 ? [] : pages}
        label="Replies"
        subject="the replies"
        empty="No replies yet."
        moreLabel="Load more replies"
        ordered
        renderItem={(page, index) => (
          <ReplyPage
            // Pages only ever grow at the end, so the index names a page for good.
            key={index}
            items={page.items}
            actions={actions}
            gate={gate}
            canReply={canReply}
            linkedId={linked === null ? null : linkedId}
            firstUnreadId={shownFrom ?? firstUnreadId}
          />
        )}
      />
      {follows && (
        <Suspense fallback={null}>
          <LiveReplies postId={post.id} onShown={setShownFrom} />
        </Suspense>
      )}
      <ReplyGate post={post}>
        <Suspense fallback={null}>
          <ReplyComposer ref={composer.ref} postId={post.id} articleId={articleId} />
        </Suspense>
      </ReplyGate>
    </Stack>
  );
}
