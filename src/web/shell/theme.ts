import {
  createTheme,
  type AnchorProps,
  type CSSVariablesResolver,
  type DrawerProps,
  type MantineColorsTuple,
  type MenuProps,
  type ModalProps,
  type TableScrollContainerProps,
} from '@mantine/core';

/*
 * Component defaults are plain objects, not `Modal.extend(…)`: `extend` would import each
 * component into the entry chunk, and every visitor would download menus and dialogs they
 * never open.
 */
const defaults = <P>(defaultProps: Partial<P>) => ({ defaultProps });

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
    Anchor: defaults<AnchorProps>({ underline: 'always' }),
    // Mantine's close button has no name of its own; every dialog's says what it does.
    Modal: defaults<ModalProps>({ closeButtonProps: { 'aria-label': 'Close dialog' } }),
    Drawer: defaults<DrawerProps>({ closeButtonProps: { 'aria-label': 'Close dialog' } }),
    // Mantine puts an unfocusable placeholder with a tabindex in the menu for its first focus,
    // which a menu may not hold (axe: aria-required-children); the first item takes it instead.
    Menu: defaults<MenuProps>({ withInitialFocusPlaceholder: false }),
    // A table wider than a phone scrolls in its own box, which keyboard users must reach too.
    TableScrollContainer: defaults<TableScrollContainerProps & { tabIndex: number }>({
      type: 'native',
      tabIndex: 0,
    }),
    // Mantine colours a titled notification's text gray.6 (3.3:1 on white); ours is AA.
    Notification: { styles: { description: { color: 'var(--mantine-color-dimmed)' } } },
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
    // Red text (a danger menu item, an error) in red.9: 5.5:1 on white, where red.6 is 3.3:1.
    '--mantine-color-red-text': 'var(--mantine-color-red-9)',
    // Light green badges ('Published') draw green.9 on green.1, 3.8:1; green 900 reaches 6.9:1.
    '--mantine-color-green-light-color': '#1b5e20',
  },
  dark: {
    // Mantine's default dimmed (dark.2) is 4.0:1 on the dark body.
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    // Red text on the dark body and on menus (dark.6): red.4 keeps 5.9:1 where red.6 is 4.1:1.
    '--mantine-color-red-text': 'var(--mantine-color-red-4)',
    // Outline badges and buttons in dark or gray draw dark.4 on the dark body (1.5:1).
    '--mantine-color-dark-outline': 'var(--mantine-color-dark-0)',
    '--mantine-color-gray-outline': 'var(--mantine-color-gray-4)',
  },
});
