import MarkdownIt from 'markdown-it';
import {
  mentionCandidates,
  mentionsPlugin,
  type MentionableMember,
  type MentionableMembers,
  type MentionEnv,
} from './mentions.js';
import { isAllowedLink } from './render.js';

/**
 * Chat's Markdown: a safe subset of the forum's renderer — bold, italic, inline and fenced code,
 * links (allow-listed like the forum's) and line breaks; no headings, lists, tables or images.
 * Raw HTML is escaped. `@username` of an existing member links to their profile, as in posts.
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

chatMarkdown.use(mentionsPlugin);

/** The lower-cased usernames a message names with `@` outside code and links, to look up. */
export function chatMentionCandidates(source: string): string[] {
  return mentionCandidates(chatMarkdown, source);
}

/**
 * Renders a chat message. `members` holds the mentionable members among
 * `chatMentionCandidates`; only they become links. Answers the HTML and who was named.
 */
export function renderChatMessage(
  source: string,
  members: MentionableMembers,
): { html: string; mentioned: MentionableMember[] } {
  const env: MentionEnv = { mentionable: members };
  const html = chatMarkdown.render(source, env);
  return { html, mentioned: env.mentioned ?? [] };
}
