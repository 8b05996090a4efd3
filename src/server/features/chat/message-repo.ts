import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../core/transaction.js';
import { chatMessages, chatReactions } from './schema.js';

/** The writes of chat messages: sending, editing, deleting, liking, and a moderator's hiding. */

export async function insertMessage(
  tx: Tx,
  values: typeof chatMessages.$inferInsert,
): Promise<number | undefined> {
  const [row] = await tx.insert(chatMessages).values(values).returning({ id: chatMessages.id });
  return row?.id;
}

export async function editMessage(
  db: DbOrTx,
  id: number,
  body: { bodySource: string; bodyHtml: string; mentions: string[] },
): Promise<void> {
  await db
    .update(chatMessages)
    .set({ ...body, editedAt: new Date() })
    .where(eq(chatMessages.id, id));
}

/** Its author's delete: gone for everyone. */
export async function deleteMessage(db: DbOrTx, id: number): Promise<void> {
  await db.update(chatMessages).set({ deletedAt: new Date() }).where(eq(chatMessages.id, id));
}

/**
 * The member's like on (or off) and the message's count kept with it; liking twice or unliking
 * what was not liked changes nothing. Answers whether it changed, and the count.
 */
export async function setReaction(tx: Tx, messageId: number, userId: string, on: boolean) {
  const changed = on
    ? await tx
        .insert(chatReactions)
        .values({ messageId, userId })
        .onConflictDoNothing()
        .returning({ messageId: chatReactions.messageId })
    : await tx
        .delete(chatReactions)
        .where(and(eq(chatReactions.messageId, messageId), eq(chatReactions.userId, userId)))
        .returning({ messageId: chatReactions.messageId });
  const delta = changed.length === 0 ? 0 : on ? 1 : -1;
  const [updated] = await tx
    .update(chatMessages)
    .set({ reactionCount: sql`${chatMessages.reactionCount} + ${delta}` })
    .where(eq(chatMessages.id, messageId))
    .returning({ reactionCount: chatMessages.reactionCount });
  return { changed: delta !== 0, reactionCount: updated?.reactionCount ?? 0 };
}

/** Hidden (when, why, by whom) or shown again (all null). */
export interface MessageHiding {
  hiddenAt: Date | null;
  hiddenReason: string | null;
  hiddenById: string | null;
}

export async function setMessageHidden(tx: Tx, id: number, hiding: MessageHiding): Promise<void> {
  await tx.update(chatMessages).set(hiding).where(eq(chatMessages.id, id));
}
