/** What other features may use of chat: the reported messages the review queue lists. */
export {
  firstOpenChatReports,
  openChatReportsOf,
  reportedChatMessages,
  type ChatReportRow,
  type FirstChatReportRow,
  type ReportedChatMessageRow,
} from './reports-queue.js';
