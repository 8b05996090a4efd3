import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Writes src/web/components/icons/sprite.svg: one `<symbol>` per Tabler icon the web app
 * imports from src/web/components/icons, with the icon's paths as @tabler/icons-react draws
 * them. The page's icons are `<svg><use href="sprite.svg#name"/></svg>` (one cached file)
 * instead of every path inline in every page. Each symbol carries Tabler's paint for its kind
 * (`defaultAttributes`: outline icons stroked in `currentColor`, filled ones filled), which the
 * paths inherit, so a page's `<svg>` need only say its size; the stroke width is
 * `var(--icon-stroke, 2)`, which an icon given another width sets. `npm run icons` rewrites the
 * file; `scripts/icons.test.ts` fails when it is out of date.
 */
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const tabler = path.join(root, 'node_modules/@tabler/icons-react');
const webDir = path.join(root, 'src/web');
export const iconsDir = path.join(webDir, 'components/icons');
export const outputFile = path.join(iconsDir, 'sprite.svg');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** `Icon…` values imported from src/web/components/icons anywhere in the web app (tests too). */
export function usedIcons(): string[] {
  const names = new Set<string>();
  for (const file of sourceFiles(webDir)) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/import\s*(type\s+)?\{([^}]+)\}\s*from\s*'([^']+)'/g)) {
      const [, typeOnly, list, from] = match;
      if (typeOnly || !from?.startsWith('.')) continue;
      if (path.resolve(path.dirname(file), from) !== iconsDir) continue;
      for (const item of (list ?? '').split(',')) {
        const name = item.trim().split(/\s+as\s+/)[0];
        if (name && /^Icon[A-Z0-9]/.test(name)) names.add(name);
      }
    }
  }
  return [...names].sort();
}

export interface TablerIcon {
  /** `IconHeartFilled` */
  component: string;
  /** `heart-filled`: the symbol's id. */
  name: string;
  type: 'outline' | 'filled';
  nodes: [tag: string, attributes: Record<string, string>][];
}

/** An icon as @tabler/icons-react builds it: `createReactComponent(type, name, displayName, nodes)`. */
export function tablerIcon(component: string): TablerIcon {
  const file = path.join(tabler, 'dist/esm/icons', `${component}.mjs`);
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`${component} is not an icon of @tabler/icons-react (no ${file})`);
  }
  const nodes = /const __iconNode = (\[.*\]);\n/.exec(source)?.[1];
  const call = /createReactComponent\("(outline|filled)", "([\w-]+)", "\w+", __iconNode\)/.exec(
    source,
  );
  if (!nodes || !call) throw new Error(`${file} is not in the form this script reads`);
  return {
    component,
    name: call[2] as string,
    type: call[1] as TablerIcon['type'],
    nodes: JSON.parse(nodes) as TablerIcon['nodes'],
  };
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** React's prop names on the nodes (`strokeWidth`) as SVG attributes (`stroke-width`). */
const attributeName = (prop: string) =>
  prop.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** Tabler's own paint for outline and filled icons, as its components set it on their `<svg>`. */
function paintOf(type: TablerIcon['type']): string {
  const file = path.join(tabler, 'dist/esm/defaultAttributes.mjs');
  const source = readFileSync(file, 'utf8');
  const block = new RegExp(`${type}: \\{([^}]*)\\}`).exec(source)?.[1];
  if (!block) throw new Error(`${file} is not in the form this script reads`);
  const paint = [...block.matchAll(/(\w+): "?([^",\n]+)"?/g)]
    .filter(([, prop]) => !['xmlns', 'width', 'height', 'viewBox'].includes(prop ?? ''))
    .map(([, prop, value]) =>
      prop === 'strokeWidth'
        ? ` style="stroke-width:var(--icon-stroke,${value})"`
        : ` ${attributeName(prop ?? '')}="${escapeAttribute(value ?? '')}"`,
    );
  return paint.join('');
}

function symbol(icon: TablerIcon): string {
  const children = icon.nodes.map(([tag, attributes]) => {
    const written = Object.entries(attributes)
      .filter(([prop]) => prop !== 'key')
      .map(([prop, value]) => ` ${attributeName(prop)}="${escapeAttribute(String(value))}"`)
      .join('');
    return `<${tag}${written}/>`;
  });
  return `<symbol id="${icon.name}" viewBox="0 0 24 24"${paintOf(icon.type)}>${children.join('')}</symbol>`;
}

export function sprite(): string {
  const { version } = JSON.parse(readFileSync(path.join(tabler, 'package.json'), 'utf8')) as {
    version: string;
  };
  return [
    '<svg xmlns="http://www.w3.org/2000/svg">',
    `<!-- Written by \`npm run icons\` (scripts/icons.ts) from @tabler/icons-react ${version} (MIT, https://tabler.io/icons): do not edit. -->`,
    ...usedIcons().map((component) => symbol(tablerIcon(component))),
    '</svg>',
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  writeFileSync(outputFile, sprite());
  console.log(`Wrote ${path.relative(root, outputFile)} (${usedIcons().length} icons)`);
}
