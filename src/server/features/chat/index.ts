/**
 * What other features may use of chat: the reported messages the review queue lists, and a
 * member's own reports.
 */
export {
  firstOpenChatReports,
  openChatReportsOf,
  reportedChatMessages,
  type ChatReportRow,
  type FirstChatReportRow,
  type ReportedChatMessageRow,
} from './report-queue-repo.js';
export { chatReportsBy, type ReporterChatReportRow } from './report-repo.js';
export { chatReportAction } from './reports.js';
