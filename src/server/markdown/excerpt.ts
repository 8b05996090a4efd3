import type { Token } from 'markdown-it';
import { markdown } from './render.js';

/** Markdown's own parse gives the text a reader sees: no `**`, no link targets, image alts kept. */
function collectText(tokens: Token[], out: string[]): void {
  for (const token of tokens) {
    if (token.children) collectText(token.children, out);
    else if (token.type === 'text' || token.type === 'code_inline') out.push(token.content);
    else if (token.type === 'code_block' || token.type === 'fence') out.push(` ${token.content} `);
    else if (token.type === 'softbreak' || token.type === 'hardbreak') out.push(' ');
    else if (token.nesting === -1 && token.block) out.push(' ');
  }
}

/**
 * A short plain-text excerpt of Markdown (the quoted reply above an answer). Only the start of
 * the source is parsed: the excerpt needs a few sentences, not the whole reply.
 */
export function plainExcerpt(source: string, maxLength = 140): string {
  const out: string[] = [];
  collectText(markdown.parse(source.slice(0, maxLength * 4), {}), out);
  const text = out.join('').replace(/\s+/g, ' ').trim();
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
