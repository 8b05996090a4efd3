import type { Env, MarkdownIt, StateCore, Token } from 'markdown-it';

/** At most this many distinct members are linked in one text; later names stay plain text. */
export const maxMentions = 50;

/** A member a text may mention: keyed by the lower-cased username. */
export interface MentionableMember {
  id: string;
  username: string;
}
export type MentionableMembers = ReadonlyMap<string, MentionableMember>;

/**
 * `@` and a username (the account rules: 3 to 20 letters, digits or `_`), not glued to a word
 * before it, so `ana@example.org` is never a mention; punctuation after the name ends it.
 */
const mentionPattern = /(^|[^A-Za-z0-9_@])@([A-Za-z0-9_]{3,20})(?![A-Za-z0-9_])/g;

/** Text a reader sees as prose: code spans and fences are not `text`, and links are skipped. */
function proseTokens(blocks: Token[]): Token[] {
  const out: Token[] = [];
  for (const block of blocks) {
    let inLink = 0;
    for (const token of block.children ?? []) {
      if (token.type === 'link_open') inLink += 1;
      else if (token.type === 'link_close') inLink -= 1;
      else if (token.type === 'text' && inLink === 0) out.push(token);
    }
  }
  return out;
}

/** The lower-cased usernames a text names with `@`, in order, at most `maxMentions`. */
export function mentionCandidates(md: MarkdownIt, source: string): string[] {
  if (!source.includes('@')) return [];
  const names = new Set<string>();
  for (const token of proseTokens(md.parse(source, {}))) {
    for (const match of token.content.matchAll(mentionPattern)) {
      if (names.size >= maxMentions) return [...names];
      names.add((match[2] ?? '').toLowerCase());
    }
  }
  return [...names];
}

/** What a render passes in `env` so mentions are linked; without it every `@name` stays text. */
export interface MentionEnv extends Env {
  mentionable?: MentionableMembers;
  /** Filled by the render: the members the HTML links to, in order. */
  mentioned?: MentionableMember[];
}

/**
 * Turns `@username` of a given member into a link to their profile, as typed:
 * `<a href="/u/ana" class="mention" data-mention="ana">@Ana</a>`. Only the members the caller
 * looked up are linked, so the render stays synchronous and a name nobody holds stays text.
 */
export function mentionsPlugin(md: MarkdownIt): void {
  const escape = md.utils.escapeHtml;
  md.core.ruler.push('mentions', (state: StateCore) => {
    // Only renders that pass a MentionEnv set `mentionable`; every other render leaves it out.
    const env = state.env as MentionEnv;
    const members = env.mentionable;
    if (!members || members.size === 0) return;
    const linked = new Map<string, MentionableMember>();
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
          const typed = match[2] ?? '';
          const key = typed.toLowerCase();
          const member = members.get(key);
          if (!member || (!linked.has(key) && linked.size >= maxMentions)) continue;
          linked.set(key, member);
          const start = (match.index ?? 0) + (match[1] ?? '').length;
          if (start > last) {
            const text = new state.Token('text', '', 0);
            text.content = token.content.slice(last, start);
            next.push(text);
          }
          const name = escape(member.username.toLowerCase());
          const link = new state.Token('html_inline', '', 0);
          link.content = `<a href="/u/${name}" class="mention" data-mention="${name}">@${escape(typed)}</a>`;
          next.push(link);
          last = start + 1 + typed.length;
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
    env.mentioned = [...linked.values()];
  });
}
