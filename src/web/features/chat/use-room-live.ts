import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import {
  chatLimits,
  liveEvents,
  presenceEvent,
  presenceMemberSchema,
  typingEvent,
  type PresenceMember,
} from '../../../shared/chat';
import { ask, liveSocket, tell } from '../../api/live-socket';

const whoAnswer = z.object({ members: z.array(presenceMemberSchema) });

/** Someone typing in the room, until `until` (ms since the epoch) unless they type again. */
export interface Typist {
  id: string;
  name: string;
  until: number;
}

/** How often a typing reader says so, and a busy one that they are not idle. */
const typingEveryMs = 2_000;
const activeEveryMs = 60_000;
const activityEvents = ['keydown', 'pointerdown', 'focus'] as const;

/**
 * The room's live side for as long as it is open: the reader is listed as present (again after
 * each reconnect), sees who else is (asked again whenever that changes) and who is typing, and
 * tells the room when they type or are active.
 */
export function useRoomLive(roomId: number, viewerId: string | undefined) {
  const [members, setMembers] = useState<PresenceMember[]>([]);
  const [typists, setTypists] = useState<Typist[]>([]);
  const lastTyping = useRef(0);

  useEffect(() => {
    const socket = liveSocket();
    let open = true;
    const who = async () => {
      const answer = await ask(liveEvents.who, whoAnswer, roomId);
      if (open && answer) setMembers(answer.members);
    };
    const enter = async () => {
      await ask(liveEvents.enter, z.object({}), roomId);
      await who();
    };
    const onPresence = (payload: unknown) => {
      const parsed = presenceEvent.safeParse(payload);
      if (parsed.success && parsed.data.roomId === roomId) void who();
    };
    const onTyping = (payload: unknown) => {
      const parsed = typingEvent.safeParse(payload);
      if (!parsed.success || parsed.data.roomId !== roomId) return;
      const { user } = parsed.data;
      if (user.id === viewerId) return;
      const until = Date.now() + chatLimits.typingExpiresMs;
      setTypists((current) => [
        ...current.filter((typist) => typist.id !== user.id),
        { id: user.id, name: user.name, until },
      ]);
    };
    // Whoever sent a message has stopped typing it.
    const onMessage = (payload: unknown) => {
      const parsed = z.object({ author: z.object({ id: z.string() }) }).safeParse(payload);
      if (!parsed.success) return;
      const authorId = parsed.data.author.id;
      setTypists((current) =>
        current.some((typist) => typist.id === authorId)
          ? current.filter((typist) => typist.id !== authorId)
          : current,
      );
    };
    const onConnect = () => void enter();

    socket.on('connect', onConnect);
    socket.on(liveEvents.presence, onPresence);
    socket.on(liveEvents.typing, onTyping);
    socket.on(liveEvents.message, onMessage);
    if (socket.connected) void enter();

    let lastActive = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - lastActive < activeEveryMs) return;
      lastActive = now;
      tell(liveEvents.active);
    };
    for (const event of activityEvents) window.addEventListener(event, onActivity, true);

    return () => {
      open = false;
      for (const event of activityEvents) window.removeEventListener(event, onActivity, true);
      socket.off('connect', onConnect);
      socket.off(liveEvents.presence, onPresence);
      socket.off(liveEvents.typing, onTyping);
      socket.off(liveEvents.message, onMessage);
      tell(liveEvents.leave, roomId);
    };
  }, [roomId, viewerId]);

  // Typing lines go away on their own when nobody types again in time.
  useEffect(() => {
    if (typists.length === 0) return;
    const next = Math.min(...typists.map((typist) => typist.until));
    const timer = window.setTimeout(
      () => setTypists((current) => current.filter((typist) => typist.until > Date.now())),
      Math.max(0, next - Date.now()) + 50,
    );
    return () => window.clearTimeout(timer);
  }, [typists]);

  /** Called on each keystroke in the composer; the room hears of it at most every 2 s. */
  const typing = useCallback(() => {
    const now = Date.now();
    if (now - lastTyping.current < typingEveryMs) return;
    lastTyping.current = now;
    tell(liveEvents.typing, roomId);
  }, [roomId]);

  return { members, typists, typing };
}

/** "Ann is typing…", "Ann and Bob are typing…", "Several people are typing…". */
export function typingLine(typists: readonly Pick<Typist, 'name'>[]): string | null {
  const [first, second] = typists;
  if (!first) return null;
  if (!second) return `${first.name} is typing…`;
  if (typists.length === 2) return `${first.name} and ${second.name} are typing…`;
  return 'Several people are typing…';
}
