/**
 * The room whose newest messages the reader has in front of them right now (the room open, its
 * list scrolled to the bottom, the tab visible), or null. A message arriving there is read at
 * once, so it does not count as unread (the room marks it read on the server shortly after).
 */
let readingRoom: number | null = null;

export function setReadingRoom(roomId: number | null): void {
  readingRoom = roomId;
}

export function isReading(roomId: number): boolean {
  return readingRoom === roomId;
}
