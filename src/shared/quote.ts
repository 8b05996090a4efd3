import { profileLink, threadLink } from './links.js';

/** The reply a member quotes: who wrote it, what it says, and the thread it is in. */
export interface QuotedReply {
  id: number;
  author: { name: string; username: string | null };
  bodySource: string;
  thread: { postId: number; articleId: number | null };
}

/** Characters a name could use to start markup inside a link's text: written as themselves. */
const markdownPunctuation = /[\\`*_[\]()<>!~|&#]/g;

/**
 * A reply quoted into another one, as the thread page's Quote button and the demo seed write
 * it: a Markdown block quote whose first line, a paragraph of its own, is the author's name
 * linked to their profile and "wrote" linked to the quoted reply, then the reply's words.
 *
 *     > [Ann Lee](/u/ann) [wrote](/forum/post/12?reply=34):
 *     >
 *     > The staircase reading is spot on.
 *
 * Both links stay on this site, so the renderer keeps them and a new account's link limit does
 * not count them. A deleted author's name is written without a link.
 */
export function quoteMarkdown(reply: QuotedReply): string {
  const name = reply.author.name.replace(markdownPunctuation, '\\$&');
  const author =
    reply.author.username === null ? name : `[${name}](${profileLink(reply.author.username)})`;
  const words = reply.bodySource
    .trim()
    .split('\n')
    .map((line) => (line.trim() === '' ? '>' : `> ${line}`));
  return `> ${author} [wrote](${threadLink(reply.thread, reply.id)}):\n>\n${words.join('\n')}\n\n`;
}
