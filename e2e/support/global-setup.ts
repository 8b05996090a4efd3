import type { TestProject } from 'vitest/node';
import { lastLogOf, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the production server every spec talks to, e.g. http://127.0.0.1:41234 */
    baseURL: string;
  }
}

/** One production server for the whole suite; specs read its address with inject('baseURL'). */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseURL', server.baseURL);
  return async () => {
    const code = await server.stop();
    if (code !== 0) {
      console.warn(
        `The e2e server exited with code ${String(code)} on SIGTERM:\n${lastLogOf(server)}`,
      );
    }
  };
}
