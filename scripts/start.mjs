// `npm start`: build when the production build is missing or older than the sources, then
// serve it in this process (so signals reach the server directly).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const outputs = ['dist/server/main.js', 'dist/web/index.html'].map((file) => path.join(root, file));
const inputs = ['src', 'public', 'drizzle', 'package-lock.json', 'vite.config.ts'];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(entry))
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

const builtAt = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
const changedAt = Math.max(...inputs.map((entry) => newestMtime(path.join(root, entry))));
if (builtAt === 0 || changedAt > builtAt) {
  console.log(
    builtAt === 0 ? 'No production build yet: building…' : 'Sources changed: rebuilding…',
  );
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// The production build is served as production: React, React Router and the other libraries
// the server render imports from node_modules choose their development builds (checks and
// warnings on every element, about half of a page's drawing time) unless told otherwise.
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.join(root, 'dist/server/main.js')).href);
