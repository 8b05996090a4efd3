import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mantineStyles, outputFile } from './mantine-styles.js';

describe('the Mantine stylesheet the web app loads', () => {
  it('holds every component the app imports, with what they are built from', () => {
    expect(readFileSync(outputFile, 'utf8'), 'run `npm run styles:mantine`').toBe(mantineStyles());
  });

  it('includes the parts Mantine builds its dialogs and inputs from, dependencies first', () => {
    const sheets = mantineStyles()
      .split('\n')
      .map((line) => /styles\/(\w[\w-]*)\.css/.exec(line)?.[1])
      .filter(Boolean);
    for (const [dependency, user] of [
      ['ModalBase', 'Modal'],
      ['Overlay', 'ModalBase'],
      ['Popover', 'Menu'],
      ['InlineInput', 'Radio'],
      ['Input', 'TextInput'],
    ] as const) {
      if (!sheets.includes(user)) continue;
      expect(sheets.indexOf(dependency), `${dependency} before ${user}`).toBeLessThan(
        sheets.indexOf(user),
      );
    }
    expect(sheets.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
  });

  it("ends with the theme's variables and Mantine's global classes, which pages no longer carry", () => {
    const styles = mantineStyles();
    const theme = styles.slice(styles.lastIndexOf('@import'));
    // The amber primary colour and our AA overrides, light and dark, after Mantine's defaults.
    expect(theme).toContain('--mantine-primary-color-filled: var(--mantine-color-amber-filled)');
    expect(theme).toContain('--mantine-color-anchor: #8a4b00');
    expect(theme).toMatch(/\[data-mantine-color-scheme="dark"\][^}]*--mantine-color-dimmed/);
    expect(theme).toContain('.mantine-visible-from-sm');
  });
});
