import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { iconsDir, outputFile, sprite, tablerIcon, usedIcons } from './icons.js';

/** `export const IconHeart = outline('heart');` lines of src/web/components/icons/index.tsx. */
function exportedIcons() {
  const source = readFileSync(path.join(iconsDir, 'index.tsx'), 'utf8');
  return [...source.matchAll(/^export const (Icon\w+) = (outline|filled)\('([\w-]+)'\);$/gm)].map(
    ([, component, type, name]) => ({ component, type, name }),
  );
}

describe('the icon sprite', () => {
  it('holds every icon the web app imports, as Tabler draws it', () => {
    expect(readFileSync(outputFile, 'utf8'), 'run `npm run icons`').toBe(sprite());
  });

  it('has a symbol for each icon of the icons module, under its Tabler name and kind', () => {
    const exported = exportedIcons();
    const written = sprite();
    // Each icon the module offers is imported somewhere (else its symbol would be missing).
    expect(exported.map(({ component }) => component)).toEqual(usedIcons());
    for (const { component, type, name } of exported) {
      const tabler = tablerIcon(component!);
      expect({ component, type, name }).toEqual({
        component,
        type: tabler.type,
        name: tabler.name,
      });
      expect(written).toContain(`<symbol id="${name}" viewBox="0 0 24 24"`);
    }
    expect(exported.length).toBeGreaterThan(50);
  });

  it('keeps only the attributes Tabler puts on single paths, under their SVG names', () => {
    const symbols = sprite().match(/<symbol[^]*?<\/symbol>/g) ?? [];
    expect(symbols).toHaveLength(usedIcons().length);
    const names = symbols.flatMap((symbol) =>
      [...symbol.replace(/^<symbol[^>]*>/, '').matchAll(/ ([^\s=]+)="/g)].map(([, name]) => name),
    );
    expect(names).toContain('d');
    for (const name of names) expect(name).toMatch(/^(?!key$)[a-z]+(-[a-z]+)*$/);
    expect(sprite()).toContain(
      '<symbol id="heart-filled" viewBox="0 0 24 24" fill="currentColor" stroke="none"><path d="M6.979 3.074a6 6 0 0 1 4.988',
    );
    expect(sprite()).toContain(
      '<symbol id="heart" viewBox="0 0 24 24" fill="none" stroke="currentColor" style="stroke-width:var(--icon-stroke,2)" stroke-linecap="round" stroke-linejoin="round"><path',
    );
  });
});
