import { build } from 'esbuild';

/**
 * Bundles the server's own code into dist/server (dependencies stay in node_modules), so
 * `npm start` runs plain JavaScript without a TypeScript loader.
 */
await build({
  entryPoints: {
    main: 'src/server/main.ts',
    migrate: 'src/server/cli/migrate.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
