import { z } from 'zod/v4';

/*
 * The web build's `zod` (vite.config.ts aliases it here). Zod probes whether `new Function`
 * works as it builds its first object schema, and our CSP refuses it: a logged violation on
 * every page. Configured here, before any module that builds a schema runs, it never probes.
 */
z.config({ jitless: true });

export * from 'zod/v4';
export { z };
