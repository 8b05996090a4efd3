/**
 * Per room, the newest message up to which this client is known to have every message: what
 * a catch-up asks "after". Live messages move it only while the live channel has been up since
 * the last catch-up; one that arrives right after a reconnect is newer than the gap before it,
 * so it must not hide that gap from the catch-up.
 */
const lastSeen = new Map<number, number>();
let synced = true;

/** The room's history up to `messageId` is complete here (a first page, a catch-up's end). */
export function sawUpTo(roomId: number, messageId: number | undefined): void {
  if (messageId === undefined) return;
  lastSeen.set(roomId, Math.max(lastSeen.get(roomId) ?? 0, messageId));
}

/** A message arrived on the live channel: it counts only if nothing can be missing before it. */
export function sawLive(roomId: number, messageId: number): void {
  if (synced) sawUpTo(roomId, messageId);
}

/** The live channel dropped (or the browser went offline): messages may be missed from now. */
export function lostSync(): void {
  synced = false;
}

/** A catch-up starts with the live channel up: from here on live messages are gapless again. */
export function regainedSync(): void {
  synced = true;
}

export function lastSeenIn(roomId: number): number | undefined {
  return lastSeen.get(roomId);
}

/** Another reader (sign-out, a new sign-in): nothing seen before counts for them. */
export function forgetSeen(): void {
  lastSeen.clear();
  synced = true;
}
