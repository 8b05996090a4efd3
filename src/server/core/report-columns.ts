/**
 * A report as raw SQL reads it for the review queue (threads, replies, chat messages): its
 * words and its reporter's `reporter_*` columns, presented like any author (core/author.ts).
 */
export interface ReportColumns {
  id: number | string;
  category: string;
  reason: string;
  created_at: string | Date;
  reporter_id: string;
  reporter_name: string;
  reporter_username: string | null;
  reporter_display_username: string | null;
  reporter_image: string | null;
  reporter_role: string;
  reporter_deleted_at: string | Date | null;
}

/** A report as its reporter reads it in "Your reports": its words, its state and its cursor. */
export interface OwnReportColumns {
  id: number | string;
  category: string;
  reason: string;
  status: string;
  /** The moderator's action that closed it, as `closeReports` stores it (an audit action). */
  resolution: string | null;
  created_at: string | Date;
  resolved_at: string | Date | null;
  /** The report's time as a cursor keeps it (UTC, microseconds). */
  cursor_key: string;
}
