import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Font } from 'satori';

/**
 * The fonts of the preview images: Noto Sans as @fontsource ships it, one WOFF file per script
 * subset and weight (satori reads WOFF, not WOFF2). Each subset gets its own family name, so
 * satori falls back from one to the next glyph by glyph. Read once, at the first drawing.
 */
const subsets = [
  'latin',
  'latin-ext',
  'cyrillic',
  'cyrillic-ext',
  'greek',
  'greek-ext',
  'vietnamese',
  'devanagari',
] as const;
const weights = [400, 700] as const;

const familyOf = (subset: string) => `Noto Sans ${subset}`;

/** The CSS font-family of every text in an image. */
export const fontFamily = subsets.map((subset) => `"${familyOf(subset)}"`).join(', ');

const require = createRequire(import.meta.url);
const packageFile = (file: string) => require.resolve(`@fontsource/noto-sans/${file}`);

export interface LoadedFonts {
  fonts: Font[];
  /** Whether some font has a glyph for this code point (by the subsets' unicode ranges). */
  covers: (codePoint: number) => boolean;
}

/** `U+0000-00FF,U+0131` → [[0, 255], [305, 305]]. */
function parseRanges(list: string): [number, number][] {
  return list.split(',').map((part) => {
    const [from = '0', to = from] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from, 16), parseInt(to, 16)];
  });
}

async function load(): Promise<LoadedFonts> {
  const unicode = JSON.parse(await readFile(packageFile('unicode.json'), 'utf8')) as Record<
    string,
    string
  >;
  const ranges = subsets.flatMap((subset) => parseRanges(unicode[subset] ?? ''));
  const fonts = await Promise.all(
    subsets.flatMap((subset) =>
      weights.map(async (weight): Promise<Font> => ({
        name: familyOf(subset),
        data: await readFile(packageFile(`files/noto-sans-${subset}-${weight}-normal.woff`)),
        weight,
        style: 'normal',
      })),
    ),
  );
  return {
    fonts,
    covers: (codePoint) => ranges.some(([from, to]) => codePoint >= from && codePoint <= to),
  };
}

let loading: Promise<LoadedFonts> | undefined;

export function loadFonts(): Promise<LoadedFonts> {
  loading ??= load().catch((error: unknown) => {
    // A failed read is tried again by the next drawing instead of being remembered.
    loading = undefined;
    throw error;
  });
  return loading;
}
