import { socialImageHeight, socialImageWidth } from '../../../shared/social-image.js';
import { cardTree, type AvatarImages, type SocialCard } from './card.js';
import { loadFonts, type LoadedFonts } from './fonts.js';
import type { TextRule } from './text.js';

/**
 * satori and sharp are loaded with the first card drawn (loaded at start, they held about
 * 45 MB of a server at rest, decision 031): a server whose pages are never shared never holds
 * them.
 */
async function drawSvg(card: SocialCard, avatars: AvatarImages, fonts: LoadedFonts) {
  const { default: satori } = await import('satori');
  const missing = new Set<string>();
  const draw = (rule: TextRule) =>
    satori(cardTree(card, avatars, rule), {
      width: socialImageWidth,
      height: socialImageHeight,
      fonts: fonts.fonts,
      // Nothing is fetched while drawing: a character no local font has is noted, drawn as
      // nothing this time, and left out of the text on a second drawing.
      loadAdditionalAsset: (_code, segment) => {
        for (const char of segment) if (char.trim() !== '') missing.add(char);
        return Promise.resolve([]);
      },
    });
  const svg = await draw({ covers: fonts.covers, missing });
  if (missing.size === 0) return svg;
  return draw({ covers: fonts.covers, missing: new Set(missing) });
}

/** The card as a 1200×630 PNG: satori lays it out as SVG (text as paths), sharp rasterises it. */
export async function drawCard(card: SocialCard, avatars: AvatarImages): Promise<Buffer> {
  const svg = await drawSvg(card, avatars, await loadFonts());
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
