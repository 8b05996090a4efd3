import type { TestProject } from 'vitest/node';
import { lastLogOf, makeDatabaseTemplate, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the production server every spec talks to, e.g. http://127.0.0.1:41234 */
    baseURL: string;
    /** A migrated PGlite database directory each spec's own server starts from. */
    databaseTemplate: string;
  }
}

/**
 * One production server for the whole suite; specs read its address with inject('baseURL').
 * The migrated database template every server of the run starts from.
 */
export default async function setup(project: TestProject) {
  const template = await makeDatabaseTemplate();
  project.provide('databaseTemplate', template.dir);
  const server = await startServer({}, undefined, template.dir);
  project.provide('baseURL', server.baseURL);
  return async () => {
    await template.remove();
    const code = await server.stop();
    if (code !== 0) {
      console.warn(
        `The e2e server exited with code ${String(code)} on SIGTERM:\n${lastLogOf(server)}`,
      );
    }
  };
}
