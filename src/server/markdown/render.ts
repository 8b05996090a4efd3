import MarkdownIt from 'markdown-it';
import taskLists from 'markdown-it-task-lists';
import { mediaPathPattern } from '../../shared/uploads.js';
import {
  mentionCandidates,
  mentionsPlugin,
  type MentionableMember,
  type MentionableMembers,
  type MentionEnv,
} from './mentions.js';

/**
 * The one Markdown renderer (CommonMark + GFM tables, strikethrough, autolinks and task lists). Posts and replies are
 * rendered once, on write, and stored beside their source; the editor's live preview uses the
 * same function, so what a writer sees is what readers get.
 *
 * Safety comes from what the renderer can produce, not from cleaning HTML afterwards: raw HTML
 * is escaped (html: false), links are allow-listed by scheme, and images are allowed only from
 * our own uploads.
 */
export const markdown = new MarkdownIt('default', {
  html: false,
  linkify: true,
  typographer: false,
});
// Bare domains (`www.example.com`, `example.org`) become links too, as on GitHub and Discourse.
markdown.linkify.set({ fuzzyLink: true });
// `- [ ] Watch Solaris` and `- [x] Watch Stalker` become checkboxes readers see but cannot tick, as on GitHub,
// each inside a <label> with its item's text, so a screen reader names it.
markdown.use(taskLists, { enabled: false, label: true });
// `@username` of an existing member links to their profile (the caller looks the names up).
markdown.use(mentionsPlugin);

const allowedSchemes = new Set(['http', 'https', 'mailto']);
const sameSiteBase = new URL('https://same-site.invalid/');

function decodeOnce(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** C0 and C1 control characters (and DEL), which a browser drops from a link. */
function isControl(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
}

/** A link as a browser reads it: decoded, without whitespace and control characters. */
const bareLink = (href: string) =>
  [...decodeOnce(href)].filter((char) => char.trim() !== '' && !isControl(char)).join('');

/**
 * Links may go to http(s), mailto, or stay on this site. markdown-it hands us the URL after
 * decoding entities and percent-encoding what it must, so `jav&#x09;ascript:` arrives as
 * `jav%09ascript:`: we decode it again and drop whitespace and control characters, the way a
 * browser ignores them, before looking at the scheme.
 */
export function isAllowedLink(href: string): boolean {
  const bare = bareLink(href);
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(bare)?.[1]?.toLowerCase();
  if (scheme !== undefined) {
    if (!allowedSchemes.has(scheme)) return false;
    try {
      return new URL(href.trim()).protocol === `${scheme}:`;
    } catch {
      return false;
    }
  }
  return staysOnSite(href, bare);
}

/** A link without a scheme that resolves to a page of this site. */
function staysOnSite(href: string, bare: string): boolean {
  // A colon before the first slash would be read as a scheme by some parser or other.
  if (/^[^/?#]*:/.test(bare)) return false;
  try {
    // Protocol-relative (`//host`) and backslash tricks (`/\host`) resolve to another origin.
    return new URL(href.trim(), sameSiteBase).origin === sameSiteBase.origin;
  } catch {
    return false;
  }
}

markdown.validateLink = isAllowedLink;

const defaultLinkOpen = markdown.renderer.rules.link_open;
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index];
  if (token) {
    token.attrSet('rel', 'nofollow ugc noopener');
    const target = token.attrIndex('target');
    if (target >= 0) token.attrs?.splice(target, 1);
  }
  return defaultLinkOpen
    ? defaultLinkOpen(tokens, index, options, env, self)
    : self.renderToken(tokens, index, options);
};

/** Our uploads show as lazy images the web app opens in its viewer; any other image is its alt text. */
markdown.renderer.rules.image = (tokens, index, options, env, self) => {
  const token = tokens[index];
  if (!token) return '';
  const alt = self.renderInlineAsText(token.children ?? [], options, env);
  const src = String(token.attrGet('src') ?? '');
  if (!mediaPathPattern.test(src)) return markdown.utils.escapeHtml(alt);
  const title = token.attrGet('title');
  const escape = markdown.utils.escapeHtml;
  return (
    `<img src="${escape(src)}" alt="${escape(alt)}"` +
    (title ? ` title="${escape(String(title))}"` : '') +
    ` loading="lazy" class="post-image">`
  );
};

/**
 * Renders a post, reply or preview. `mentionable` holds the members `markdownMentionCandidates`
 * found (core's `renderWithMentions` looks them up); without it `@name` stays text.
 */
export function renderMarkdown(source: string, mentionable?: MentionableMembers): string {
  return renderMarkdownWithMentions(source, mentionable).html;
}

/** The HTML and the members it links to as mentions (at most `maxMentions`). */
export function renderMarkdownWithMentions(
  source: string,
  mentionable?: MentionableMembers,
): { html: string; mentioned: MentionableMember[] } {
  const env: MentionEnv = mentionable ? { mentionable } : {};
  const html = markdown.render(source, env);
  return { html, mentioned: env.mentioned ?? [] };
}

/** The lower-cased usernames a text names with `@` outside code and links, to look up. */
export function markdownMentionCandidates(source: string): string[] {
  return mentionCandidates(markdown, source);
}

/**
 * Links to other sites in a text as readers will see them, autolinks included (the new-account
 * rule): spam leads elsewhere, so a link to one of this site's pages (a quote's link to its
 * author and to the quoted reply, a thread mentioned) is not counted.
 */
export function countLinks(source: string): number {
  let links = 0;
  for (const block of markdown.parse(source, {})) {
    for (const token of block.children ?? []) {
      if (token.type !== 'link_open') continue;
      const href = String(token.attrGet('href') ?? '');
      if (!staysOnSite(href, bareLink(href))) links += 1;
    }
  }
  return links;
}
