import {
  Anchor,
  createTheme,
  Notification,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

/**
 * Mantine ships no amber palette, so we define Material Design's amber 50–900 as a
 * 10-shade tuple and make it the primary colour (SPEC §9: primary colour amber, rounded).
 */
const amber: MantineColorsTuple = [
  '#fff8e1',
  '#ffecb3',
  '#ffe082',
  '#ffd54f',
  '#ffca28',
  '#ffc107',
  '#ffb300',
  '#ffa000',
  '#ff8f00',
  '#ff6f00',
];

/**
 * Every amber shade is too light for text on white (best is 2.8:1), so text-coloured uses of
 * the primary colour (links, `c="amber"`, light variants) get this deep amber instead: 6.8:1
 * on white, 5.8:1 on amber.1. In dark mode Mantine already uses amber.4 for text (10:1).
 */
const amberText = '#8a4b00';

export const theme = createTheme({
  primaryColor: 'amber',
  colors: { amber },
  primaryShade: { light: 6, dark: 8 },
  defaultRadius: 'md',
  // Filled amber and yellow buttons then get dark text, which is what keeps them readable.
  autoContrast: true,
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  },
  components: {
    // Links inside text must not rely on colour alone (WCAG 1.4.1, axe link-in-text-block).
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // Mantine colours a titled notification's text gray.6 (3.3:1 on white); ours is AA.
    Notification: Notification.extend({
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    }),
  },
});

/** Colour overrides that keep text at WCAG AA contrast in both schemes. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-anchor': amberText,
    '--mantine-color-amber-text': amberText,
    '--mantine-color-amber-light-color': amberText,
    // Outline badges and buttons draw their text in this colour too.
    '--mantine-color-amber-outline': amberText,
    // Mantine's default dimmed (gray.6) is 3.3:1 on white.
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Red.6 under white text is 3.3:1; red.8 reaches 4.5:1.
    '--mantine-color-red-filled': 'var(--mantine-color-red-8)',
    '--mantine-color-red-filled-hover': 'var(--mantine-color-red-9)',
  },
  dark: {
    // Mantine's default dimmed (dark.2) is 4.0:1 on the dark body.
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
  },
});
