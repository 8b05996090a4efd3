import { markdownMentionCandidates, renderMarkdownWithMentions } from '../../markdown/render.js';
import { mentionableMembers } from '../../core/repo.js';
import type { DbOrTx } from '../../core/transaction.js';

/** A post's or reply's stored HTML and the members it mentions (for notifications). */
export interface RenderedBody {
  html: string;
  mentionedUserIds: string[];
  /** The same members' usernames, lower case, in the same order. */
  mentionedNames: string[];
}

/**
 * Renders Markdown for storing: the names it mentions are looked up in one query (none when the
 * text names nobody), so only existing, unblocked members become links. Every write and every
 * edit calls it afresh.
 */
export async function renderBody(db: DbOrTx, source: string): Promise<RenderedBody> {
  const members = await mentionableMembers(db, markdownMentionCandidates(source));
  const { html, mentioned } = renderMarkdownWithMentions(source, members);
  return {
    html,
    mentionedUserIds: mentioned.map((member) => member.id),
    mentionedNames: mentioned.map((member) => member.username.toLowerCase()),
  };
}

/**
 * The members an edit names that the text before it did not (read from its stored HTML's
 * mention links): an edit tells only them.
 */
export function newlyMentioned(previousHtml: string, next: RenderedBody): string[] {
  const before = new Set(
    [...previousHtml.matchAll(/data-mention="([^"]+)"/g)].map((match) => match[1] ?? ''),
  );
  return next.mentionedUserIds.filter((_, index) => !before.has(next.mentionedNames[index] ?? ''));
}
