/** What other features may use of uploads: the addresses an uploaded image is served at. */
export { mediaUrls } from './repo.js';
