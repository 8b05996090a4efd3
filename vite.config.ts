import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { transformSync } from 'esbuild';
import { defineConfig, type Plugin, type Rollup } from 'vite';

/**
 * Every production build gets an id. The app carries it in import.meta.env.VITE_BUILD_ID and
 * the server serves it as /builds/latest.json, so open tabs learn when a new version is deployed.
 */
const buildId =
  process.env.VITE_BUILD_ID ?? `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

function buildManifest(): Plugin {
  return {
    name: 'viewpoint-build-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'build.json',
        source: JSON.stringify({ id: buildId, builtAt: new Date().toISOString() }),
      });
    },
  };
}

/**
 * index.html's inline scripts (colour scheme, typing kept before the app starts, the cookie
 * banner) are written to be read; every page a visitor lands on carries them, so the build
 * minifies them (about half their weight). The server hashes the built scripts for its CSP.
 */
function minifyInlineScripts(): Plugin {
  return {
    name: 'viewpoint-minify-inline-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<script>([\s\S]*?)<\/script>/g,
          (_tag, code: string) =>
            `<script>${transformSync(code, { loader: 'js', minify: true, target: 'es2018' }).code.trim()}</script>`,
        ),
    },
  };
}

/**
 * Text assets are compressed once at build time, at the strongest settings (brotli 11, gzip 9),
 * beside the originals (`x.js.br`, `x.js.gz`); the server picks one by the request's
 * Accept-Encoding. Files under 1 KB and source maps are left alone.
 */
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

function precompress(): Plugin {
  let outDir = '';
  function walk(folder: string): string[] {
    return readdirSync(folder).flatMap((name) => {
      const file = path.join(folder, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  }
  return {
    name: 'viewpoint-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!compressible.test(file)) continue;
        const source = readFileSync(file);
        if (source.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * A lazy import preloads the chunks its module needs, except those the importing chunk imports
 * itself: they are loaded before that import can run. Vite lists them all, so the entry chunk
 * carried React, Mantine's core and the API client once per page of the route table, ~1.3 KB
 * of every visitor's first download. Vite asks `resolveDependencies` while it writes the import
 * lists in generateBundle; the bundle is noted just before.
 */
function preloadOnlyWhatIsMissing() {
  let bundle: Rollup.OutputBundle | undefined;
  const loaded = new Map<string, Set<string>>();

  function loadedWith(file: string): Set<string> {
    const known = loaded.get(file);
    if (known) return known;
    const files = new Set<string>();
    const visit = (name: string) => {
      if (files.has(name)) return;
      files.add(name);
      const chunk = bundle?.[name];
      if (chunk?.type === 'chunk') for (const dependency of chunk.imports) visit(dependency);
    };
    visit(file);
    loaded.set(file, files);
    return files;
  }

  const plugin: Plugin = {
    name: 'viewpoint-preload-only-what-is-missing',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output;
        loaded.clear();
      },
    },
  };
  const resolveDependencies = (
    _file: string,
    dependencies: string[],
    context: { hostId: string; hostType: 'html' | 'js' },
  ) => {
    if (context.hostType !== 'js' || !bundle) return dependencies;
    const alreadyLoaded = loadedWith(context.hostId);
    return dependencies.filter((dependency) => !alreadyLoaded.has(dependency));
  };
  return { plugin, resolveDependencies };
}

const preload = preloadOnlyWhatIsMissing();

const projectRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * A CSS module's class in a production build: `_` and five characters of a hash of its file
 * and name, the same in the browser's build and the server render's. Vite's own
 * (`_small_jgkxf_28`) is three times as long, and a thread page writes such names thousands
 * of times. The development server keeps Vite's readable names.
 */
const classesByShortName = new Map<string, string>();

export function shortClassName(name: string, filename: string): string {
  const file = path.relative(projectRoot, filename.replace(/\?.*$/, ''));
  const key = `${file}:${name}`;
  const short = `_${createHash('sha256').update(key).digest('base64url').slice(0, 5)}`;
  // 64⁵ names for a few hundred classes: a clash is unlikely, and fails the build if it comes.
  const holder = classesByShortName.get(short);
  if (holder !== undefined && holder !== key) {
    throw new Error(`CSS classes ${holder} and ${key} would both be ${short}`);
  }
  classesByShortName.set(short, key);
  return short;
}

const webOutDir = fileURLToPath(new URL('./dist/web', import.meta.url));

const devServerPort = Number(process.env.DEV_API_PORT ?? 3001);
const apiTarget = `http://127.0.0.1:${devServerPort}`;

/**
 * Two builds: the browser's (dist/web) and, with `--ssr entry-server.tsx`, the server render of
 * public pages (dist/ssr), which the server imports at start. Dependencies stay in node_modules.
 */
export default defineConfig(({ command, isSsrBuild }) => ({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  css: command === 'build' ? { modules: { generateScopedName: shortClassName } } : {},
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  define: {
    'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId),
  },
  resolve: {
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/web/zod-jitless.ts', import.meta.url)),
      },
    ],
  },
  plugins: [
    react(),
    buildManifest(),
    ...(isSsrBuild ? [] : [minifyInlineScripts(), preload.plugin, precompress()]),
  ],
  build: isSsrBuild
    ? {
        outDir: fileURLToPath(new URL('./dist/ssr', import.meta.url)),
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: true,
      }
    : {
        outDir: webOutDir,
        emptyOutDir: true,
        // Maps are written for reading error reports, but the bundles do not point at them and
        // the server never serves them: the site does not publish its source.
        sourcemap: 'hidden' as const,
        modulePreload: { resolveDependencies: preload.resolveDependencies },
        // One stylesheet in <head>: a server-rendered page must not wait for a page's chunk to
        // be styled.
        cssCodeSplit: false,
        rolldownOptions: {
          // Rolldown would move code shared by lazy chunks (menus, dialogs, the editor) into
          // the entry chunk every page loads; a visitor would download it all up front.
          experimental: { chunkOptimization: { mergeCommonChunks: false } },
        },
      },
  server: {
    port: 3000,
    strictPort: true,
    proxy: {
      // The app's own modules live under src/web/api too (/api/query-client.ts): those are
      // served by Vite, every other /api path goes to the API server.
      '^/api/(?![^?]*\\.tsx?(?:\\?|$))': apiTarget,
      '/builds': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
      '/sitemap.xml': apiTarget,
      '/sitemaps': apiTarget,
      '/robots.txt': apiTarget,
      '/feeds': apiTarget,
      '/og': apiTarget,
    },
  },
}));
