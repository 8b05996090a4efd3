import { and, eq } from 'drizzle-orm';
import type { ReportBody } from '../../../shared/moderation.js';
import { auditLog } from '../../platform/db/schema.js';
import type { Agent } from '../../test/accounts.js';
import type { TestApp } from '../../test/test-app.js';

/** Shared steps of the moderation test files (each file still builds its own test app). */

export async function report(
  agent: Agent,
  target: { postId: number } | { commentId: number },
  body: ReportBody = { category: 'spam', reason: 'Selling things' },
) {
  const url =
    'postId' in target
      ? `/api/forum/posts/${target.postId}/report`
      : `/api/forum/comments/${target.commentId}/report`;
  const res = await agent.inject({ method: 'POST', url, payload: body });
  if (res.statusCode !== 201) throw new Error(`report failed: ${res.statusCode} ${res.body}`);
}

export function moderate(
  agent: Agent,
  target: { postId: number } | { commentId: number },
  body: object,
) {
  const url =
    'postId' in target
      ? `/api/moderation/posts/${target.postId}`
      : `/api/moderation/comments/${target.commentId}`;
  return agent.inject({ method: 'POST', url, payload: body });
}

/** The audit entries about one target, oldest first. */
export function auditOf(t: TestApp, type: string, id: string | number) {
  return t.platforms.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, type), eq(auditLog.targetId, String(id))))
    .orderBy(auditLog.id);
}
