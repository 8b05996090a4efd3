import { MantineProvider } from '@mantine/core';
import './global.css';
import type { ReactNode } from 'react';
import { colorSchemeManager } from './color-scheme';
import { cssVariablesResolver, theme } from './theme';

interface ThemeProps {
  children: ReactNode;
  forceColorScheme?: 'light' | 'dark';
  /** 'test' turns off Mantine's transitions and portals in unit tests. */
  env?: 'default' | 'test';
}

/**
 * Mantine with our theme and colour-scheme storage; also used by unit tests. The theme's CSS
 * variables and Mantine's global classes are in the stylesheet every page links
 * (`mantine-styles.css`, `npm run styles:mantine`), not written into each page.
 */
export function ThemeProvider({ children, forceColorScheme, env }: ThemeProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      forceColorScheme={forceColorScheme}
      env={env}
      withCssVariables={false}
      withGlobalClasses={false}
    >
      {children}
    </MantineProvider>
  );
}
