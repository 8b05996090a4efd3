import { markdownMentionCandidates, renderMarkdownWithMentions } from '../markdown/render.js';
import { mentionableMembers } from './repo.js';
import type { DbOrTx } from './transaction.js';

/** A post's or reply's stored HTML and the members it mentions (for notifications). */
export interface RenderedBody {
  html: string;
  mentionedUserIds: string[];
}

/**
 * Renders Markdown for storing: the names it mentions are looked up in one query (none when the
 * text names nobody), so only existing, unblocked members become links. Every write and every
 * edit calls it afresh.
 */
export async function renderBody(db: DbOrTx, source: string): Promise<RenderedBody> {
  const members = await mentionableMembers(db, markdownMentionCandidates(source));
  const { html, mentioned } = renderMarkdownWithMentions(source, members);
  return { html, mentionedUserIds: mentioned.map((member) => member.id) };
}
