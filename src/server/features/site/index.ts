/**
 * What other features may use of the site: its name and description, read and changed, and
 * the settings store a feature keeps its own site-wide settings in (donations: the campaign).
 */
export { createSiteInfoStore, getSiteInfo, type SiteInfoStore } from './service.js';
export { readSetting, writeSetting } from './repo.js';

// What the app wires (app.ts): the feature's routes and what it runs.
export { registerSiteRoutes } from './routes.js';
