/** What other features may use of the audit log: its entries, filtered. */
export { listAudit } from './service.js';
