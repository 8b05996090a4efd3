/**
 * What other features may use of uploads: the addresses an uploaded image is served at, and
 * whether an upload exists.
 */
export { lockOwnedUpload, mediaUrls, uploadExists } from './repo.js';
