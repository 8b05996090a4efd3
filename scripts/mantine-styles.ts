import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { cssVariablesResolver, theme } from '../src/web/shell/theme.js';

/**
 * Writes src/web/shell/mantine-styles.css: Mantine's base styles and the stylesheet of every
 * Mantine component the web app uses, with the components those are built from, dependencies
 * first (the order Mantine asks for). The whole `@mantine/core/styles.css` is ~250 KB, mostly
 * for components we never draw, and it blocks the first paint. After them, the theme's CSS
 * variables and Mantine's global classes, which MantineProvider would otherwise write into
 * every page as a `<style>` (4 KB, made anew on every server render). `npm run styles:mantine`
 * rewrites the file; `scripts/mantine-styles.test.ts` fails when it is out of date.
 */
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const mantine = path.join(root, 'node_modules/@mantine/core');
const componentsDir = path.join(mantine, 'esm/components');
/** A few shared parts (InlineInput under Radio and Switch) live in utils/ with styles of their own. */
const utilsDir = path.join(mantine, 'esm/utils');
export const outputFile = path.join(root, 'src/web/shell/mantine-styles.css');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Names imported from '@mantine/core' anywhere in the web app. */
function usedNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(path.join(root, 'src/web'))) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(
      /import\s*(?:type\s*)?\{([^}]+)\}\s*from\s*'@mantine\/core'/g,
    )) {
      for (const name of (match[1] ?? '').split(',')) {
        const clean = name
          .replace(/\btype\b/, '')
          .trim()
          .split(/\s+as\s+/)[0];
        if (clean) names.add(clean);
      }
    }
  }
  return names;
}

const components = new Set(readdirSync(componentsDir));
const utils = new Set(readdirSync(utilsDir));
const folderOf = (part: string) => path.join(components.has(part) ? componentsDir : utilsDir, part);

/** Other Mantine components (and styled utils) a component's own files import. */
function dependenciesOf(component: string): string[] {
  const folder = folderOf(component);
  const found = new Set<string>();
  for (const file of readdirSync(folder, { recursive: true }) as string[]) {
    if (!file.endsWith('.mjs')) continue;
    const source = readFileSync(path.join(folder, file), 'utf8');
    for (const match of source.matchAll(/from "(?:\.\.\/)+(utils\/)?([A-Za-z]+)\//g)) {
      const [, inUtils, part] = match;
      if (!part || part === component) continue;
      if (inUtils ? utils.has(part) : components.has(part)) found.add(part);
    }
  }
  return [...found].sort();
}

/**
 * The `<style>` elements MantineProvider writes for our theme (its variables, then its global
 * classes such as `mantine-visible-from-sm`), as one stylesheet.
 */
export function themeStyles(): string {
  const markup = renderToStaticMarkup(
    createElement(MantineProvider, { theme, cssVariablesResolver }, null),
  );
  const styles = [...markup.matchAll(/<style data-mantine-styles="[^"]*">([^<]*)<\/style>/g)].map(
    (match) => match[1] ?? '',
  );
  if (styles.length !== 2) throw new Error(`MantineProvider wrote ${styles.length} styles, not 2`);
  return styles.join('\n');
}

export function mantineStyles(): string {
  const ordered: string[] = [];
  const seen = new Set<string>();
  const visit = (component: string) => {
    if (seen.has(component)) return;
    seen.add(component);
    for (const dependency of dependenciesOf(component)) visit(dependency);
    ordered.push(component);
  };
  for (const name of [...usedNames()].sort()) if (components.has(name)) visit(name);
  const sheets = ordered.filter((component) => {
    try {
      readFileSync(path.join(mantine, 'styles', `${component}.css`));
      return true;
    } catch {
      return false;
    }
  });
  return [
    '/* Written by `npm run styles:mantine` (scripts/mantine-styles.ts): do not edit. */',
    ...['baseline', 'default-css-variables', 'global', ...sheets].map(
      (sheet) => `@import '@mantine/core/styles/${sheet}.css';`,
    ),
    '',
    '/* The theme (src/web/shell/theme.ts), as MantineProvider writes it. */',
    themeStyles(),
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  writeFileSync(outputFile, mantineStyles());
  console.log(`Wrote ${path.relative(root, outputFile)}`);
}
