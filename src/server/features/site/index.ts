/** What other features may use of the site: its name and description, read and changed. */
export { createSiteInfoStore, getSiteInfo, type SiteInfoStore } from './service.js';
