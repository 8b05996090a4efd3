/**
 * Plain-text excerpts of user content for places that show no markup: page titles, meta
 * descriptions, link previews, structured data. Whitespace is collapsed and a cut falls on a
 * word boundary with an ellipsis, never inside a word or a surrogate pair.
 */
export function cutText(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  const head = chars.slice(0, max - 1).join('');
  const lastSpace = head.lastIndexOf(' ');
  const cut = lastSpace >= head.length * 0.6 ? head.slice(0, lastSpace) : head;
  return `${cut.replace(/[\s.,;:!?—–-]+$/u, '')}…`;
}

/** The readable text of Markdown source: no code blocks, images, link targets or markers. */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/^\s*(\[[ xX]\])\s+/gm, '')
    .replace(/(\*\*|__|~~|`|\*|_)(?=\S)([^\n]*?\S)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A description of at most `max` characters from Markdown source. */
export function markdownExcerpt(markdown: string, max = 160): string {
  return cutText(markdownToPlainText(markdown), max);
}
