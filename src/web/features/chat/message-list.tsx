import { Button, Center, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ChatRoom } from '../../../shared/chat';
import { queryKeys } from '../../api/query-keys';
import { LoadError, LoadingStatus } from '../../components/query-list';
import { useLinkedItem } from '../../components/use-linked-item';
import { useMessages } from './api/get-messages';
import { markRoomRead } from './api/mark-read';
import { catchUp } from './catch-up';
import classes from './chat.module.css';
import { messagesInOrder } from './message-cache';
import type { MessageActions } from './message-menu';
import { MessageRow, messageElementId, type ChatViewer } from './message-row';
import { usePendingMessages } from './pending-messages';
import { PendingRow } from './pending-row';
import { setReadingRoom } from './reading-room';

/** Within this many pixels of the end counts as reading the newest messages. */
const bottomSlack = 48;
const markReadAfterMs = 600;

interface MessageListProps {
  room: ChatRoom;
  viewer: ChatViewer & { name: string; image: string | null };
  actions: MessageActions;
  /** The message the address links to (`?message=`), to open the history at. */
  linkedMessageId: number | null;
}

function isAtBottom(box: HTMLElement): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= bottomSlack;
}

/**
 * The room's history in its own scrolling box, oldest at the top: it opens at the newest
 * message, follows new ones while the reader is at the end, keeps its place when older pages
 * load above (scrolling up loads them), and marks the room read when the newest is in view.
 * A link to a message opens it there instead, until the reader scrolls back to the end or
 * sends a message.
 */
export function MessageList({ room, viewer, actions, linkedMessageId }: MessageListProps) {
  const queryClient = useQueryClient();
  const history = useMessages(room.id);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;
  const messages = useMemo(() => messagesInOrder(history.data), [history.data]);
  const ids = useMemo(() => messages.map((message) => message.id), [messages]);
  const linked = useLinkedItem({
    wanted: linkedMessageId,
    ids,
    // History pages come newest first: each next page reaches older messages.
    towards: 'older',
    query: history,
    elementId: messageElementId,
  });
  const pending = usePendingMessages(room.id);
  const box = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [reading, setReading] = useState(true);
  /** The scroll height before an older page arrived, to keep the reader's place. */
  const heightBeforeOlder = useRef<number | null>(null);
  const firstId = messages[0]?.id;
  const newest = messages.at(-1);

  // A history cached from an earlier visit may have missed messages meanwhile.
  useEffect(() => {
    if (queryClient.getQueryData(queryKeys.chatMessages(room.id)) !== undefined) {
      void catchUp(queryClient);
    }
  }, [queryClient, room.id]);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    if (heightBeforeOlder.current !== null) {
      element.scrollTop += element.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    } else if (atBottom.current) {
      element.scrollTop = element.scrollHeight;
    }
  }, [firstId, messages.length, pending.length]);

  // The box changes size (the page fits itself to the window, the message box grows a line, a
  // reply is quoted above it): a reader at the newest messages stays there.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  /** Whether the reader is at the newest messages: the history follows new ones, and reads them. */
  const follow = useCallback(
    (bottom: boolean) => {
      atBottom.current = bottom;
      const now = bottom && document.visibilityState === 'visible';
      setReadingRoom(now ? room.id : null);
      setReading(now);
    },
    [room.id],
  );

  // One's own new message brings the history to its end, wherever the reader was.
  const ownPending = pending.length;
  useLayoutEffect(() => {
    const element = box.current;
    if (element && ownPending > 0) {
      element.scrollTop = element.scrollHeight;
      follow(true);
    }
  }, [follow, ownPending]);

  // Opened at a linked message, the reader is no longer at the end: new messages arrive below
  // without pulling the history away from it.
  const landedAt = linked.landedAt;
  useEffect(() => {
    if (landedAt !== null) follow(false);
  }, [follow, landedAt]);

  const loadOlder = () => {
    if (!hasNextPage || isFetchingNextPage) return;
    heightBeforeOlder.current = box.current?.scrollHeight ?? null;
    void fetchNextPage();
  };
  const loadOlderLatest = useRef(loadOlder);
  loadOlderLatest.current = loadOlder;

  // Scrolling up to the top of what is loaded brings the page before it.
  useEffect(() => {
    const sentinel = top.current;
    const root = box.current;
    if (!sentinel || !root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadOlderLatest.current();
      },
      { root, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [history.isPending]);

  // The reader sees the newest message: it no longer counts as unread, here and in the total.
  useEffect(() => {
    const visible = () => document.visibilityState === 'visible';
    const update = () => {
      const now = atBottom.current && visible();
      setReadingRoom(now ? room.id : null);
      setReading(now);
    };
    update();
    document.addEventListener('visibilitychange', update);
    return () => {
      document.removeEventListener('visibilitychange', update);
      setReadingRoom(null);
    };
  }, [room.id]);

  const unreadUpTo = newest && newest.id > (room.lastReadMessageId ?? 0) ? newest.id : null;
  // The history stays at its end while older pages load for a linked message: not read yet.
  const walking = linked.walking;
  useEffect(() => {
    if (!reading || walking || unreadUpTo === null) return;
    const timer = window.setTimeout(() => {
      markRoomRead(queryClient, room.id, unreadUpTo).catch(() => undefined);
    }, markReadAfterMs);
    return () => window.clearTimeout(timer);
  }, [queryClient, reading, room.id, unreadUpTo, walking]);

  const onScroll = () => {
    const element = box.current;
    if (!element) return;
    const bottom = isAtBottom(element);
    if (bottom !== atBottom.current) follow(bottom);
  };

  let content;
  if (history.isPending) content = <LoadingStatus label="Loading the messages" />;
  else if (history.isError && messages.length === 0) {
    content = <LoadError title="Could not load the messages" error={history.error} />;
  } else {
    content = (
      <>
        <div ref={top} />
        {hasNextPage ? (
          <Center py="xs">
            <Button
              size="compact-sm"
              variant="default"
              loading={isFetchingNextPage}
              onClick={loadOlder}
            >
              Load older messages
            </Button>
          </Center>
        ) : (
          <Text size="sm" c="dimmed" ta="center" py="xs">
            This is the start of {room.name}.
          </Text>
        )}
        <ol className={classes.messages} aria-label={`Messages in ${room.name}`}>
          {messages.map((message) => (
            <MessageRow
              key={message.id}
              message={message}
              viewer={viewer}
              actions={actions}
              canPost={room.canPost}
              linked={message.id === linked.linkedId}
            />
          ))}
          {pending.map((message) => (
            <PendingRow key={message.nonce} message={message} author={viewer} />
          ))}
        </ol>
      </>
    );
  }

  return (
    <div
      ref={box}
      className={classes.history}
      onScroll={onScroll}
      role="log"
      aria-label={`${room.name} history`}
      tabIndex={0}
    >
      {content}
    </div>
  );
}
