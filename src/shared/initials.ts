/*
 * A name's characters as a reader sees them: an accented letter typed as two code points, an
 * emoji of several, a flag. Cutting a name anywhere else leaves half a character, which the
 * server writes out as U+FFFD while the browser keeps the lone surrogate, so the two renders
 * differ. Browsers without Intl.Segmenter (before Firefox 125) fall back to code points.
 */
const segmented: (text: string) => string[] =
  typeof Intl.Segmenter === 'function'
    ? (() => {
        // Made at first use: making a segmenter costs a page over ten milliseconds.
        let segmenter: Intl.Segmenter | undefined;
        return (text: string) =>
          Array.from(
            (segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' })).segment(text),
            (part) => part.segment,
          );
      })()
    : (text: string) => Array.from(text);

/**
 * Printable Latin letters, digits and signs, accented ones written whole ("ë", not "e" and a
 * mark): each is a grapheme of its own, so most names need no segmenter.
 */
const singleCharacters = /^[\x20-\x7e\u00a0-\u024f]*$/;

const graphemes = (text: string): string[] =>
  singleCharacters.test(text) ? Array.from(text) : segmented(text);

const isLetter = (grapheme: string) => /[\p{L}\p{N}]/u.test(grapheme);

/**
 * The initials an avatar shows when a member has no picture, the same on the server and in the
 * browser: the first letter of each of the first two words that hold one ("Zoë 🎬 Martin" →
 * "ZM"), or the first two letters of a one-word name ("Cher" → "CH"). Emoji and symbols are
 * skipped for letters; a name with no letter at all shows its first character whole, and an
 * empty one nothing.
 */
export function initialsOf(name: string): string {
  const words = name
    .split(/\s+/u)
    .map((word) => graphemes(word).filter(isLetter))
    .filter((letters) => letters.length > 0);
  const [first, second] = words;
  if (!first) return graphemes(name.trim())[0] ?? '';
  const letters = second ? [first[0], second[0]] : first.slice(0, 2);
  return letters.join('').toUpperCase();
}
