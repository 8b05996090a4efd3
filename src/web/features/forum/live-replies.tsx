import { Button, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { Comment } from '../../../shared/forum';
import { forumLiveEvents, threadReplyEvent, threadState } from '../../../shared/forum-live';
import { ask, holdLiveSocket, tell } from '../../api/live-socket';
import { showServerError } from '../../shell/server-errors';
import { queryKeys } from '../../api/query-keys';
import { useFormats } from '../../components/format-time';
import { useComments, type CommentPages } from './api/get-comments';
import { cachedReplies, loadNewComments, noteCommentTotal } from './api/get-new-comments';
import classes from './live-replies.module.css';
import { replyElementId } from './reply-row';

interface LiveRepliesProps {
  postId: number;
  /** The reader asked for the new replies: the first of them, to take them there. */
  onShown: (firstNewId: number) => void;
}

/**
 * The reader is at the end of the list: its last reply has come into the window, or the list
 * has none. A reply added there then moves nothing the reader is looking at.
 */
function atEnd(lastId: number | null): boolean {
  const row = lastId === null ? null : document.getElementById(replyElementId(lastId));
  return row === null || row.getBoundingClientRect().top < window.innerHeight;
}

function told(added: readonly Comment[]): string {
  const [first] = added;
  if (!first) return '';
  return added.length === 1
    ? `New reply from ${first.author.name}`
    : `${added.length} new replies, the first from ${first.author.name}`;
}

/**
 * A thread's new replies, live, for a member with a verified email (it loads only for them, so
 * a visitor downloads none of it, nor Socket.IO). The page enters the thread's channel while it
 * is open (again after each reconnect, whose answer brings what was missed) and hears of each
 * stored reply. At the end of the list a new reply is added at once; further up, a button says
 * how many are new and loads them when asked, so the page never moves under the reader. Focus
 * stays where it is; screen readers hear of them politely.
 */
export default function LiveReplies({ postId, onShown }: LiveRepliesProps) {
  const queryClient = useQueryClient();
  const { data } = useComments(postId);
  const replies = cachedReplies(data);
  const [waiting, setWaiting] = useState(false);
  const [said, setSaid] = useState('');
  const loading = useRef<Promise<Comment[]> | null>(null);
  const format = useFormats();

  /** Reads the new replies, one read at a time: a second asks again once the first is in. */
  async function load(): Promise<Comment[]> {
    while (loading.current) await loading.current.catch(() => []);
    const read = loadNewComments(queryClient, postId);
    loading.current = read;
    try {
      return await read;
    } finally {
      loading.current = null;
    }
  }

  const follow = useEffectEvent(async (total: number) => {
    noteCommentTotal(queryClient, postId, total);
    const now = cachedReplies(queryClient.getQueryData<CommentPages>(queryKeys.comments(postId)));
    // With pages still to load, the new replies come after them: "Load more" brings them.
    if (!now.complete || now.loaded >= now.total) return;
    if (!atEnd(now.lastId)) {
      setWaiting(true);
      return;
    }
    try {
      const added = await load();
      if (added.length > 0) setSaid(told(added));
    } catch {
      // Not read this time: the button offers it, and says why if it fails again.
      setWaiting(true);
    }
  });

  // Entered once the first page is in, so the answer has pages to compare with.
  const ready = data !== undefined;
  useEffect(() => {
    if (!ready) return;
    const { socket, release } = holdLiveSocket();
    const enter = async () => {
      const state = await ask(forumLiveEvents.enter, threadState, postId);
      if (state) await follow(state.total);
    };
    const onConnect = () => void enter();
    const onReply = (payload: unknown) => {
      const event = threadReplyEvent.safeParse(payload);
      if (event.success && event.data.postId === postId) void follow(event.data.total);
    };
    socket.on('connect', onConnect);
    socket.on(forumLiveEvents.reply, onReply);
    if (socket.connected) onConnect();
    return () => {
      socket.off('connect', onConnect);
      socket.off(forumLiveEvents.reply, onReply);
      tell(forumLiveEvents.leave, postId);
      release();
    };
  }, [postId, ready]);

  const unseen = replies.complete ? replies.total - replies.loaded : 0;

  async function show() {
    setWaiting(false);
    setSaid('');
    try {
      const [first] = await load();
      if (first) onShown(first.id);
      // A process that had not yet forgotten its page answered without them: ask again later.
      else setWaiting(true);
    } catch (error) {
      setWaiting(true);
      showServerError('Could not load the new replies', error);
    }
  }

  return (
    <div className={classes.live} aria-live="polite">
      {waiting && unseen > 0 ? (
        <Button radius="xl" className={classes.button} onClick={() => void show()}>
          {format.number(unseen)} new {unseen === 1 ? 'reply' : 'replies'}
        </Button>
      ) : (
        said && <VisuallyHidden>{said}</VisuallyHidden>
      )}
    </div>
  );
}
