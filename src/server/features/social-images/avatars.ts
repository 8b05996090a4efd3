import { mediaPathPattern } from '../../../shared/uploads.js';
import type { Storage } from '../../platform/storage/storage.js';
import type { SocialCard } from './card.js';

const avatarSide = 192;

/** The `/media/…` pictures a card shows (its author's or member's avatar). */
function avatarsOf(card: SocialCard): string[] {
  const person =
    card.kind === 'profile'
      ? card.person
      : card.kind === 'thread' || card.kind === 'news'
        ? card.author
        : null;
  return person?.avatar ? [person.avatar] : [];
}

/**
 * An uploaded avatar as a small PNG data URI: satori reads no WebP. The thumbnail is read when
 * there is one. A picture that cannot be read is left out (the card shows initials instead).
 */
async function readAvatar(storage: Storage, url: string): Promise<string | undefined> {
  if (!mediaPathPattern.test(url)) return undefined;
  const id = url.slice('/media/'.length).split('.')[0] ?? '';
  const object = (await storage.get(`${id}.thumb.webp`)) ?? (await storage.get(`${id}.webp`));
  if (!object) return undefined;
  const webp = Buffer.concat((await object.body.toArray()) as Buffer[]);
  // Loaded with the first card drawn (draw.ts).
  const { default: sharp } = await import('sharp');
  const png = await sharp(webp, { failOn: 'error' })
    .resize(avatarSide, avatarSide, { fit: 'cover' })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

export async function loadAvatars(
  storage: Storage,
  card: SocialCard,
  onError: (error: unknown) => void,
): Promise<Map<string, string>> {
  const images = new Map<string, string>();
  for (const url of avatarsOf(card)) {
    const image = await readAvatar(storage, url).catch((error: unknown) => {
      onError(error);
      return undefined;
    });
    if (image) images.set(url, image);
  }
  return images;
}
