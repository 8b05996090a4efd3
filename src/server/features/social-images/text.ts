/**
 * Text as the preview fonts can draw it. Characters no font has (emoji, Hebrew, Arabic, CJK…)
 * are left out rather than drawn as empty boxes; a text left with no letter or digit gives way
 * to a fallback the caller chooses.
 */
export interface TextRule {
  /** Whether some font has a glyph for this code point. */
  covers: (codePoint: number) => boolean;
  /** Characters a drawing found missing after all (satori asked for another font). */
  missing: ReadonlySet<string>;
}

/** Separators left dangling at either end once a word is taken out ("Review: —"). */
const danglingEnds = /^[\s\-–—:;,.|·/]+|[\s\-–—:;,|·/]+$/gu;
const hasWord = /[\p{L}\p{N}]/u;

export function drawable(text: string, rule: TextRule): string {
  let kept = '';
  for (const char of text.normalize('NFC')) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (/\p{Cc}/u.test(char)) kept += ' ';
    else if (rule.covers(codePoint) && !rule.missing.has(char)) kept += char;
  }
  return kept.replace(/\s+/gu, ' ').replace(danglingEnds, '');
}

/** The text if it still says something once drawable, else `fallback`. */
export function drawableOr(text: string, fallback: string, rule: TextRule): string {
  const kept = drawable(text, rule);
  return hasWord.test(kept) ? kept : drawable(fallback, rule);
}

/**
 * At most `max` characters, cut after the last whole word with an ellipsis (the layout clamps
 * lines too; this keeps it from laying out a whole essay first).
 */
export function clip(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const head = chars.slice(0, max).join('');
  const lastSpace = head.lastIndexOf(' ');
  const cut = lastSpace > max / 2 ? head.slice(0, lastSpace) : head;
  return `${cut.replace(/[\s\-–—:;,.|·/]+$/u, '')}…`;
}
