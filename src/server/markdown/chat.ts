import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { isAllowedLink } from './render.js';

/**
 * Chat's Markdown: a safe subset of the forum's renderer — bold, italic, inline and fenced code,
 * links (allow-listed like the forum's) and line breaks; no headings, lists, tables or images.
 * Raw HTML is escaped. `@username` of an existing member becomes a mention, never inside code
 * or a link.
 */
const chatMarkdown = new MarkdownIt('zero', { html: false, linkify: true, breaks: true });
chatMarkdown.enable(['emphasis', 'backticks', 'link', 'autolink', 'linkify', 'newline', 'escape']);
chatMarkdown.enable(['entity', 'fence']);
chatMarkdown.validateLink = isAllowedLink;

const defaultLinkOpen = chatMarkdown.renderer.rules.link_open;
chatMarkdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  tokens[index]?.attrSet('rel', 'nofollow ugc noopener');
  return defaultLinkOpen
    ? defaultLinkOpen(tokens, index, options, env, self)
    : self.renderToken(tokens, index, options);
};

const mentionPattern = /(^|[^A-Za-z0-9_@])@([A-Za-z0-9_]{3,20})(?![A-Za-z0-9_])/g;

/** Text tokens a reader sees as prose: not inside a link. Code tokens are not `text`. */
function proseTokens(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (const block of tokens) {
    let inLink = 0;
    for (const token of block.children ?? []) {
      if (token.type === 'link_open') inLink += 1;
      else if (token.type === 'link_close') inLink -= 1;
      else if (token.type === 'text' && inLink === 0) out.push(token);
    }
  }
  return out;
}

/** The usernames a message names with `@` (lower-cased, at most `max`), to look up. */
export function mentionCandidates(source: string, max = 20): string[] {
  const names = new Set<string>();
  for (const token of proseTokens(chatMarkdown.parse(source, {}))) {
    for (const match of token.content.matchAll(mentionPattern)) {
      if (names.size >= max) break;
      names.add((match[2] ?? '').toLowerCase());
    }
  }
  return [...names];
}

/**
 * Lower-cased username → the member's own spelling, for the members the message being rendered
 * names. Rendering is synchronous, so the one render in progress owns it.
 */
let namedMembers = new Map<string, string>();

chatMarkdown.core.ruler.push('mentions', (state) => {
  if (namedMembers.size === 0) return;
  const escape = chatMarkdown.utils.escapeHtml;
  for (const block of state.tokens) {
    const children = block.children;
    if (!children) continue;
    const next: Token[] = [];
    let inLink = 0;
    for (const token of children) {
      if (token.type === 'link_open') inLink += 1;
      if (token.type === 'link_close') inLink -= 1;
      if (token.type !== 'text' || inLink > 0) {
        next.push(token);
        continue;
      }
      let last = 0;
      for (const match of token.content.matchAll(mentionPattern)) {
        const member = namedMembers.get((match[2] ?? '').toLowerCase());
        if (!member) continue;
        const start = (match.index ?? 0) + (match[1] ?? '').length;
        if (start > last) {
          const text = new state.Token('text', '', 0);
          text.content = token.content.slice(last, start);
          next.push(text);
        }
        const mention = new state.Token('html_inline', '', 0);
        mention.content = `<span class="mention" data-username="${escape(member)}">@${escape(member)}</span>`;
        next.push(mention);
        last = start + 1 + (match[2] ?? '').length;
      }
      if (last === 0) {
        next.push(token);
      } else if (last < token.content.length) {
        const text = new state.Token('text', '', 0);
        text.content = token.content.slice(last);
        next.push(text);
      }
    }
    block.children = next;
  }
});

/**
 * Renders a chat message. `members` maps the lower-cased usernames of `mentionCandidates` that
 * exist to their own spelling; only they become mentions. Answers the HTML and who was named.
 */
export function renderChatMessage(
  source: string,
  members: Map<string, string>,
): { html: string; mentions: string[] } {
  namedMembers = members;
  let html: string;
  try {
    html = chatMarkdown.render(source);
  } finally {
    namedMembers = new Map();
  }
  const mentions = [...members.values()].filter((name) =>
    html.includes(`data-username="${chatMarkdown.utils.escapeHtml(name)}"`),
  );
  return { html, mentions };
}
