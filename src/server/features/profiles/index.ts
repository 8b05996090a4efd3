/** What other features may use of profiles. */
export { readProfilePreview } from './social-preview.js';
export { publicProfilePages, publicProfilesInRange } from './discovery-repo.js';
