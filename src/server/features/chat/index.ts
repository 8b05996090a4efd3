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
} from './reports-queue.js';
export { chatReportAction, chatReportsBy, type ReporterChatReportRow } from './reporter-reports.js';
