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
} from './reports/queue-repo.js';
export { chatReportsBy, type ReporterChatReportRow } from './reports/repo.js';
export { chatReportAction } from './reports/reports.js';

// What the app wires (app.ts): the feature's routes and what it runs.
export { registerChat } from './chat.js';
export { chatMentioned } from './notify-events.js';

// What the demo seed, the benchmarks and the browser tests' seeds make content with (scripts/, e2e/).
export { createChatService, type ChatService } from './service.js';
