import type { MemberHistory } from '../../../shared/member-history.js';

/** A member's history for moderators, as the counts of `member-history-sql.ts` read it. */
export interface MemberCountsRow {
  createdAt: Date | string;
  postCount: number | string;
  commentCount: number | string;
  reportsAgainst: number | string;
  sanctions: number | string;
}

export function presentMemberHistory(row: MemberCountsRow): MemberHistory {
  return {
    joinedAt: new Date(row.createdAt).toISOString(),
    postCount: Number(row.postCount),
    commentCount: Number(row.commentCount),
    reportsAgainst: Number(row.reportsAgainst),
    sanctions: Number(row.sanctions),
  };
}
