import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at once: most of a browser test is waiting (on the page, the server, the network),
    // so a second one fills the time; each file has its own browser and most their own server.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
