/** What other features may use of profiles. */
export { readProfilePreview } from './social-preview.js';
