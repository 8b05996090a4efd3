/**
 * What other features may use of uploads: the addresses an uploaded image is served at, and
 * whether an upload exists.
 */
export { lockOwnedUpload, mediaUrls, uploadExists } from './repo.js';

// What the app wires (app.ts): the feature's routes and what it runs.
export { registerUploadRoutes } from './routes.js';

// What the demo seed, the benchmarks and the browser tests' seeds make content with (scripts/, e2e/).
export { createUploadsService } from './service.js';
