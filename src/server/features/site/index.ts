/** What other features may use of the site: its name and description, read and changed. */
export { getSiteInfo, updateSiteInfo } from './service.js';
