import { z } from 'zod';
import {
  chatLimits,
  liveEvents,
  liveRoomId,
  type LiveAck,
  type PresenceMember,
} from '../../../shared/chat.js';
import { handleLiveEvent, type Live, type LiveSocket } from '../../core/live.js';
import type { Logger } from 'pino';
import type { ChatService } from './service.js';
import { membersChannel, roomChannel } from './service.js';
import { activeRoomIds } from './repo.js';
import type { Db } from '../../platform/db/database.js';

/** The Socket.IO room of the members present in a chat room (the presence list). */
const presencePrefix = 'chat-presence:';
const presenceChannel = (roomId: number) => `${presencePrefix}${roomId}`;

/** A client may ask for the live events of some rooms only (`auth: { rooms: [1, 2] }`). */
const handshakeRooms = z.object({ rooms: z.array(liveRoomId).max(200) }).partial();

/** A member typing more often than this is told of once per interval. */
const typingIntervalMs = 1_000;

type Ack = (answer: LiveAck<object>) => void;

/**
 * Chat on the live channel: each member's sockets join the channels of the active rooms (for
 * new messages and unread counts anywhere), the presence room of the room they look at, and
 * send typing and activity. Nothing is written here: messages go through HTTP.
 */
export function registerChatLive(deps: { live: Live; db: Db; chat: ChatService; logger: Logger }) {
  const { live, db, chat, logger } = deps;

  /** Answers with `run`'s result, or a clear error for a bad room id or a failure. */
  function handle(
    socket: LiveSocket,
    event: string,
    run: (roomId: number) => Promise<object | void>,
  ): void {
    handleLiveEvent(socket, event, { schema: liveRoomId, invalid: 'Send a room id' }, run, logger);
  }

  function presenceChanged(roomId: number): void {
    live.io.to(roomChannel(roomId)).emit(liveEvents.presence, { roomId });
  }

  async function who(roomId: number): Promise<PresenceMember[]> {
    const sockets = await live.io.in(presenceChannel(roomId)).fetchSockets();
    const members = new Map<string, PresenceMember>();
    const now = Date.now();
    for (const socket of sockets) {
      const { member, activeAt } = socket.data;
      const idle = now - activeAt > chatLimits.idleAfterMs;
      const known = members.get(member.id);
      // A member with one active tab is active.
      if (!known || (known.idle && !idle)) {
        members.set(member.id, {
          id: member.id,
          username: member.username,
          name: member.name,
          image: member.image,
          idle,
        });
      }
    }
    return [...members.values()].sort(
      (a, b) => Number(a.idle) - Number(b.idle) || a.name.localeCompare(b.name),
    );
  }

  // Before the client hears it is connected, so it misses no message sent right after.
  live.onHandshake(async (socket) => {
    const asked = handshakeRooms.safeParse(socket.handshake.auth);
    const active = (await activeRoomIds(db)).map((room) => room.id);
    const wanted = asked.success && asked.data.rooms ? new Set(asked.data.rooms) : null;
    await socket.join([
      membersChannel,
      ...active.filter((id) => !wanted || wanted.has(id)).map(roomChannel),
    ]);
  });

  live.onConnection((socket) => {
    let lastTyping = 0;
    // Whether this socket's member may type is checked at most once a second: a refusal
    // answers their typing in that room for the rest of the second.
    let typingRefused: { roomId: number; error: unknown } | null = null;

    handle(socket, liveEvents.enter, async (roomId) => {
      await chat.liveRoom(roomId);
      await socket.join([presenceChannel(roomId), roomChannel(roomId)]);
      presenceChanged(roomId);
    });
    handle(socket, liveEvents.leave, async (roomId) => {
      await socket.leave(presenceChannel(roomId));
      presenceChanged(roomId);
    });
    handle(socket, liveEvents.who, async (roomId) => ({ members: await who(roomId) }));
    handle(socket, liveEvents.typing, async (roomId) => {
      if (!socket.rooms.has(presenceChannel(roomId))) return;
      const now = Date.now();
      if (now - lastTyping < typingIntervalMs) {
        if (typingRefused?.roomId === roomId) throw typingRefused.error;
        return;
      }
      lastTyping = now;
      typingRefused = null;
      const { id, username, name } = socket.data.member;
      // Typing says a message is coming: only from someone who may send it here.
      try {
        await chat.assertMayType(id, roomId);
      } catch (error) {
        typingRefused = { roomId, error };
        throw error;
      }
      socket
        .to(roomChannel(roomId))
        .emit(liveEvents.typing, { roomId, user: { id, username, name } });
    });
    socket.on(liveEvents.active, (ack?: unknown) => {
      const wasIdle = Date.now() - socket.data.activeAt > chatLimits.idleAfterMs;
      socket.data.activeAt = Date.now();
      if (wasIdle) {
        for (const room of socket.rooms) {
          if (room.startsWith(presencePrefix))
            presenceChanged(Number(room.slice(presencePrefix.length)));
        }
      }
      if (typeof ack === 'function') (ack as Ack)({ ok: true });
    });
    socket.on('disconnecting', () => {
      for (const room of socket.rooms) {
        if (room.startsWith(presencePrefix)) {
          const roomId = Number(room.slice(presencePrefix.length));
          // After the socket has left, so the list others fetch no longer holds it.
          setImmediate(() => presenceChanged(roomId));
        }
      }
    });
  });
}
