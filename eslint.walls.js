// The walls of the source tree (DESIGN.md §7), enforced by lint:
// - a feature imports the core, the platforms and src/shared; another feature only through that
//   feature's one public module (`index.ts`);
// - the server core and the platforms know no feature; the web shell and shared web code know no
//   feature either;
// - features, the core and the platforms know no app configuration (config.ts, paths.ts): they
//   are given their settings;
// - the web bundle never reaches server code, and src/shared imports neither side;
// - no import cycles anywhere in src/;
// - a driver is imported only by its platform (Socket.IO's server by platform/realtime).
// `npm run walls` counts what breaks them; `npm run check` fails on any.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const root = import.meta.dirname;

function featuresOf(side) {
  const dir = path.join(root, 'src', side, 'features');
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** One zone per feature: any other feature is reachable only through its public module. */
function featureZones(side) {
  const features = featuresOf(side);
  return features.map((feature) => ({
    target: `src/${side}/features/${feature}`,
    from: features
      .filter((other) => other !== feature)
      .map((other) => `src/${side}/features/${other}`),
    except: ['./index.ts', './index.tsx'],
    message: `A feature reaches another feature only through that feature's index.ts.`,
  }));
}

const zones = [
  ...featureZones('server'),
  ...featureZones('web'),
  {
    target: 'src/server/core',
    from: ['src/server/features', 'src/server/plugins', 'src/server/app.ts'],
    message: 'The core knows no feature: features build on it, not the other way round.',
  },
  {
    target: ['src/server/features', 'src/server/core'],
    from: ['src/server/config.ts', 'src/server/paths.ts'],
    message:
      'Features and the core know no app configuration: app.ts passes the settings they need as options.',
  },
  {
    target: 'src/server/platform',
    from: [
      'src/server/features',
      'src/server/core',
      'src/server/plugins',
      'src/server/app.ts',
      'src/server/config.ts',
      'src/server/paths.ts',
    ],
    message:
      'A platform knows no feature, no core and no app configuration: it is given its settings.',
  },
  {
    target: 'src/server/plugins',
    from: ['src/server/features'],
    message: 'A plugin is shared by every feature and knows none of them.',
  },
  {
    target: 'src/web',
    from: ['src/server'],
    message: 'The web bundle never reaches server code: share through src/shared.',
  },
  {
    target: 'src/shared',
    from: ['src/server', 'src/web'],
    message: 'src/shared is imported by both sides and imports neither.',
  },
  {
    target: ['src/web/shell', 'src/web/components', 'src/web/api'],
    from: ['src/web/features', 'src/web/layouts', 'src/web/routes.tsx', 'src/web/page-modules.ts'],
    message: 'The shell and shared web code know no feature; the route table wires them.',
  },
];

export const walls = [
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: root })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones, basePath: root }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    ignores: ['src/server/platform/realtime/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['socket.io', '@socket.io/redis-adapter'].map((name) => ({
            name,
            message:
              'The live channel reaches Socket.IO through platform/realtime, its one driver.',
          })),
        },
      ],
    },
  },
];
