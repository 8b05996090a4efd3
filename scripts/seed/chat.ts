import { and, eq } from 'drizzle-orm';
import { createChatService, type ChatService } from '../../src/server/features/chat/index.js';
import { createLimiter } from '../../src/server/core/limiter.js';
import type { Live, LiveSocketData } from '../../src/server/core/live.js';
import type { Viewer } from '../../src/server/core/viewer.js';
import { chatMessages, chatReports, chatRooms } from '../../src/server/schema.js';
import { detachedRealtime } from '../../src/server/platform/realtime/socket-io.js';
import {
  chatterReplies,
  chatterTemplates,
  demoChatRooms,
  type DemoChatLine,
  type DemoChatRoom,
} from './content/chat.js';
import { demoMembers } from './content/members.js';
import { viewersOf, type DemoSite } from './site.js';

const minuteMs = 60_000;
const dayMs = 86_400_000;
/** The rooms' messages are spread over these last days, the newest half an hour ago. */
const spanDays = 6;

/** A small deterministic random source: every run plans the same messages. */
function randomFrom(seed: string) {
  let state = [...seed].reduce(
    (hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619),
    2166136261,
  );
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A planned message: its line and, for a reply, the index of the quoted message in the room. */
interface Planned {
  line: DemoChatLine;
  replyTo: number | null;
}

/** Everyday chatter about the room's films, with some replies, likes and mentions. */
function chatterLine(room: DemoChatRoom, random: () => number, earlier: Planned[]): Planned {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const author = pick(room.voices);
  const others = room.voices.filter((name) => name !== author);
  const likes = others.filter(() => random() < 0.12);
  const recent = earlier.length - 1 - Math.floor(random() * 4);
  const quoted = earlier[recent];
  if (quoted && random() < 0.15 && quoted.line.author !== author && !quoted.line.hide) {
    return { line: { author, body: pick(chatterReplies), likes }, replyTo: recent };
  }
  const body = pick(chatterTemplates)
    .replace('{film}', pick(room.films))
    .replace('{member}', pick(others));
  return { line: { author, body, likes }, replyTo: null };
}

/** The room's messages in order: the chatter with the written conversations spread through it. */
export function planRoom(room: DemoChatRoom): Planned[] {
  const random = randomFrom(room.key);
  const planned: Planned[] = [];
  const gap = Math.floor(room.chatter / (room.blocks.length + 1));
  for (const block of room.blocks) {
    for (let n = 0; n < gap; n += 1) planned.push(chatterLine(room, random, planned));
    const start = planned.length;
    for (const line of block) {
      planned.push({ line, replyTo: line.replyTo === undefined ? null : start + line.replyTo });
    }
  }
  while (planned.length < room.chatter + room.blocks.flat().length) {
    planned.push(chatterLine(room, random, planned));
  }
  return planned;
}

/**
 * The command line has no one listening: a live channel attached to no HTTP server, so the
 * service's broadcasts go nowhere and there is nothing to close.
 */
function offlineLive(): Live {
  return {
    io: detachedRealtime<LiveSocketData>(),
    onHandshake: () => undefined,
    onConnection: () => undefined,
    toMember: () => undefined,
    mayBeOnline: () => false,
    disconnectMember: () => undefined,
    disconnectSession: () => undefined,
    keepOnlySession: () => undefined,
    roleChanged: () => undefined,
    close: () => Promise.resolve(),
  };
}

interface Seeding {
  site: DemoSite;
  chat: ChatService;
  viewerOf: (username: string) => Viewer;
}

/** The room of that name (General by its flag), made by the admin when it is missing. */
async function ensureRoom({ site, chat, viewerOf }: Seeding, room: DemoChatRoom) {
  const [found] = await site.db
    .select()
    .from(chatRooms)
    .where(room.general ? eq(chatRooms.isGeneral, true) : eq(chatRooms.name, room.name));
  if (found) return found;
  const created = await chat.createRoom(viewerOf('margot'), {
    name: room.name,
    topic: room.topic,
    posting: room.posting,
    slowModeSeconds: 0,
  });
  return { id: created.id, archivedAt: null };
}

/** What happens to a message after it is written: an edit, a moderator's hiding, a report. */
async function aftermath({ site, chat, viewerOf }: Seeding, line: DemoChatLine, id: number) {
  const [row] = await site.db.select().from(chatMessages).where(eq(chatMessages.id, id));
  if (!row) return;
  if (line.edit && row.editedAt === null) {
    await chat.edit(viewerOf(line.author), id, line.edit);
    const editedAt = new Date(row.createdAt.getTime() + 3 * minuteMs);
    await site.db.update(chatMessages).set({ editedAt }).where(eq(chatMessages.id, id));
  }
  if (line.hide && row.hiddenAt === null) {
    await chat.moderate(viewerOf(line.hide.by), id, { action: 'hide', reason: line.hide.reason });
  }
  if (line.report) {
    const reporter = viewerOf(line.report.by);
    // Reported once: a moderator's decision on it is not undone by a later run.
    const [reported] = await site.db
      .select({ id: chatReports.id })
      .from(chatReports)
      .where(and(eq(chatReports.messageId, id), eq(chatReports.reporterId, reporter.id)));
    if (!reported) {
      await chat.report(reporter, id, {
        category: line.report.category,
        reason: line.report.reason,
      });
    }
  }
}

/**
 * Writes a room's messages through chat's own service, oldest first (ids follow time within a
 * room), each backdated once on its first run; a message is found again by its nonce, so a
 * second run stores nothing new.
 */
async function seedRoom(seeding: Seeding, room: DemoChatRoom, now: number) {
  const { site, chat, viewerOf } = seeding;
  const found = await ensureRoom(seeding, room);
  const planned = planRoom(room);
  const first = now - spanDays * dayMs;
  const step = (spanDays * dayMs - 30 * minuteMs) / planned.length;
  const ids: number[] = [];
  for (const [index, { line, replyTo }] of planned.entries()) {
    const author = viewerOf(line.author);
    const sent = await chat.send(author, found.id, {
      body: line.body,
      nonce: `demo-${room.key}-${index}`,
      replyToId: replyTo === null ? null : (ids[replyTo] ?? null),
    });
    const id = sent.message.id;
    ids.push(id);
    if (sent.created) {
      const createdAt = new Date(first + index * step + (index % 7) * (step / 10));
      await site.db.update(chatMessages).set({ createdAt }).where(eq(chatMessages.id, id));
    }
    // An archived room takes no likes: its own were given before it was archived.
    const likers = found.archivedAt === null ? (line.likes ?? []) : [];
    for (const liker of likers) {
      if (liker !== line.author) await chat.react(viewerOf(liker), id, true);
    }
    await aftermath(seeding, line, id);
  }
  if (room.archived && found.archivedAt === null) {
    await chat.updateRoom(viewerOf('margot'), found.id, { archived: true });
  }
  return { roomId: found.id, ids };
}

/**
 * How far each member has read each room: some all the way, most part of the way, so every
 * member comes back to a few unread rooms. A read mark never moves back, so a second run
 * changes nothing.
 */
async function seedReadMarks(
  seeding: Seeding,
  rooms: Map<string, { roomId: number; ids: number[] }>,
) {
  for (const [memberIndex, member] of demoMembers.entries()) {
    for (const [roomIndex, room] of demoChatRooms.entries()) {
      const written = rooms.get(room.key);
      if (!written || room.archived) continue;
      const { roomId, ids } = written;
      const share = [1, 0.95, 0.8, 0.6][(memberIndex + roomIndex) % 4] ?? 1;
      const upTo = ids[Math.max(0, Math.floor(ids.length * share) - 1)];
      if (upTo !== undefined)
        await seeding.chat.markRead(seeding.viewerOf(member.username), roomId, upTo);
    }
  }
}

/**
 * Chat rooms (General, Horror, an announcements room, Classics with a topic, an archived one)
 * and a few hundred messages between the demo members over the last days: replies, likes,
 * mentions, an edited message, a hidden one, one report waiting for review, and read marks.
 */
export async function seedChat(site: DemoSite): Promise<void> {
  const live = offlineLive();
  try {
    const chat = createChatService({
      db: site.db,
      limiter: createLimiter({ redis: undefined, namespace: 'demo-seed:' }),
      live,
    });
    const viewerOf = await viewersOf(
      site.db,
      demoMembers.map((member) => member.username),
    );
    const seeding = { site, chat, viewerOf };
    const now = Date.now();
    const written = new Map<string, { roomId: number; ids: number[] }>();
    for (const room of demoChatRooms) written.set(room.key, await seedRoom(seeding, room, now));
    await seedReadMarks(seeding, written);
  } finally {
    await live.close();
  }
}
