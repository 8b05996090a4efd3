import { createHash } from 'node:crypto';
import type { Storage, StoredObject } from '../../platform/storage/storage.js';
import type { SocialCard } from './card.js';

/** Raise this when the drawing changes: every image is then drawn anew, once. */
export const rendererVersion = 1;

/**
 * An image is stored under a hash of everything it draws, so a changed title, name, rating or
 * site name makes a new key and the old image is simply never read again.
 */
export function imageKey(card: SocialCard): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([rendererVersion, card]))
    .digest('hex');
  return `og${hash}.png`;
}

/**
 * Preview images kept in the storage platform (the disk or the bucket, like uploads). Storage is
 * a cache here: when it fails, the image is drawn and answered all the same.
 */
export function createImageStore(options: {
  storage: Storage;
  draw: (card: SocialCard) => Promise<Buffer>;
  onError: (error: unknown, doing: string) => void;
}) {
  const { storage } = options;
  /** Images being drawn: concurrent first requests for one key wait for the same drawing. */
  const drawing = new Map<string, Promise<Buffer>>();

  async function drawAndStore(key: string, card: SocialCard): Promise<Buffer> {
    const png = await options.draw(card);
    await storage.put(key, png, 'image/png').catch((error: unknown) => {
      options.onError(error, 'a preview image could not be stored; it is drawn again next time');
    });
    return png;
  }

  return {
    async stored(key: string): Promise<StoredObject | null> {
      try {
        return await storage.get(key);
      } catch (error) {
        options.onError(error, 'a stored preview image could not be read; drawing it instead');
        return null;
      }
    },

    draw(key: string, card: SocialCard): Promise<Buffer> {
      const pending = drawing.get(key);
      if (pending) return pending;
      const png = drawAndStore(key, card).finally(() => drawing.delete(key));
      drawing.set(key, png);
      return png;
    },

    /** Whether this key is being drawn right now (its requests are not charged twice). */
    isDrawing: (key: string) => drawing.has(key),
  };
}
