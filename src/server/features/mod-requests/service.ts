import type { z } from 'zod';
import {
  alreadyExists,
  failedPrecondition,
  notFound,
  permissionDenied,
} from '../../../shared/errors.js';
import type { ModRequest, modRequestListQuery } from '../../../shared/mod-requests.js';
import { can } from '../../../shared/permissions.js';
import { mayActOnAccount } from '../../../shared/rank.js';
import { isRole, roleLabels } from '../../../shared/roles.js';
import { isUniqueViolation, type Db } from '../../platform/db/database.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { decisionMessage } from './decision-mail.js';
import { notifyLater } from '../../core/notify.js';
import { modRequestDecided } from './notify-events.js';
import { ineligibility, type RequesterAccount } from './eligibility.js';
import * as repo from './repo.js';
import { activeBlock, activeMute, type Viewer } from '../../core/viewer.js';
import { recordAudit } from '../../core/audit.js';
import type { Tx } from '../../core/transaction.js';
import { getSiteInfo } from '../site/index.js';

export interface ModRequestOptions {
  db: Db;
  mailer: Mailer;
  siteName: string;
  publicUrl: URL;
}

/**
 * Only an active member whose role may still ask (`mod-request.create`) becomes a moderator: the
 * account may have changed since asking.
 */
function approvalProblem(requester: RequesterAccount): string | null {
  if (requester.deletedAt) return 'This account was deleted';
  if (!can(requester.role, 'mod-request.create')) {
    const label = isRole(requester.role) ? roleLabels[requester.role] : 'unknown';
    return `This member's role is already ${label}`;
  }
  if (activeBlock(requester)) return 'This account is blocked';
  if (activeMute(requester)) return 'This member is muted';
  return null;
}

type Decision = { kind: 'approve' } | { kind: 'reject'; reason: string };

/** Members ask to become moderators; admins approve or reject, and the member is told by mail. */
export function createModRequestService(options: ModRequestOptions) {
  const { db } = options;

  async function account(tx: Tx, id: string) {
    const row = await repo.lockAccount(tx, id);
    if (!row) throw notFound('User');
    return row;
  }

  async function tellRequester(
    requester: RequesterAccount & { email: string; name: string },
    request: ModRequest,
  ) {
    if (requester.deletedAt) return;
    const site = await getSiteInfo(db, options.siteName);
    options.mailer.sendInBackground(
      decisionMessage({
        to: requester.email,
        name: requester.name,
        siteName: site.name,
        publicUrl: options.publicUrl,
        decision: request.status === 'approved' ? 'approved' : 'rejected',
        reason: request.decisionReason,
      }),
    );
  }

  async function decide(viewer: Viewer, id: number, decision: Decision): Promise<ModRequest> {
    const { request, requester } = await db.transaction(async (tx) => {
      const row = await repo.lockRequest(tx, id);
      if (!row) throw notFound('Moderator request');
      if (row.request.status !== 'open') {
        throw failedPrecondition(`This request was already ${row.request.status}`);
      }
      const requester = await account(tx, row.request.userId);
      if (!mayActOnAccount(viewer, requester)) {
        throw permissionDenied('You cannot decide a request of an account of equal or higher rank');
      }
      const approving = decision.kind === 'approve';
      if (approving) {
        const problem = approvalProblem(requester);
        if (problem) {
          throw failedPrecondition(`${problem}: reject the request instead`);
        }
        await repo.makeModerator(tx, requester.id);
      }
      const reason = decision.kind === 'reject' ? decision.reason : null;
      const updated = await repo.recordDecision(tx, id, {
        status: approving ? 'approved' : 'rejected',
        decidedById: viewer.id,
        decisionReason: reason,
      });
      if (!updated) throw notFound('Moderator request');
      const label = requester.displayUsername ?? requester.username ?? requester.name;
      await recordAudit(tx, {
        actor: viewer,
        action: approving ? 'mod-request.approve' : 'mod-request.reject',
        target: { type: 'mod-request', id, label },
        reason,
        before: { status: 'open' },
        after: { status: updated.status },
      });
      await notifyLater(tx, modRequestDecided, {
        userId: requester.id,
        decision: approving ? 'approved' : 'rejected',
        reason,
        requestId: id,
      });
      if (approving) {
        await recordAudit(tx, {
          actor: viewer,
          action: 'user.role',
          target: { type: 'user', id: requester.id, label },
          reason: 'Moderator request approved',
          before: { role: requester.role },
          after: { role: 'moderator' },
        });
      }
      return {
        request: repo.presentModRequest(updated, {
          ...requester,
          role: approving ? 'moderator' : requester.role,
        }),
        requester,
      };
    });
    await tellRequester(requester, request);
    return request;
  }

  return {
    /** The viewer's latest request, and whether (or why not) they may ask now. */
    async mine(viewer: Viewer) {
      const [latest, me] = await Promise.all([
        repo.latestRequestOf(db, viewer.id),
        repo.accountOf(db, viewer.id),
      ]);
      if (!me) throw notFound('User');
      const open = latest?.request.status === 'open';
      const problem = ineligibility(me, open);
      return {
        request: latest ? repo.presentModRequest(latest.request, latest.requester) : null,
        eligibility: { eligible: problem === null, reason: problem?.reason ?? null },
      };
    },

    async create(viewer: Viewer, motivation: string): Promise<ModRequest> {
      try {
        return await db.transaction(async (tx) => {
          // The account row is locked so two requests sent at once are decided one by one.
          const me = await account(tx, viewer.id);
          const latest = await repo.latestRequestOf(tx, viewer.id);
          const problem = ineligibility(me, latest?.request.status === 'open');
          if (problem?.kind === 'open-request') throw alreadyExists(problem.reason);
          if (problem) throw failedPrecondition(problem.reason);
          const created = await repo.insertRequest(tx, viewer.id, motivation);
          if (!created) throw notFound('Moderator request');
          return repo.presentModRequest(created, me);
        });
      } catch (error) {
        // mod_requests_one_open_idx: the database keeps one open request per member.
        if (isUniqueViolation(error)) {
          throw alreadyExists('You already have a request waiting for an admin’s decision');
        }
        throw error;
      }
    },

    list: (query: z.output<typeof modRequestListQuery>) => repo.listRequests(db, query),

    approve: (viewer: Viewer, id: number) => decide(viewer, id, { kind: 'approve' }),
    reject: (viewer: Viewer, id: number, reason: string) =>
      decide(viewer, id, { kind: 'reject', reason }),
  };
}

export type ModRequestService = ReturnType<typeof createModRequestService>;
