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
  /** Writes the theme's CSS variables and global classes (off where a page already has them). */
  withCssVariables?: boolean;
}

/** Mantine with our theme and colour-scheme storage; also used by unit tests. */
export function ThemeProvider({
  children,
  forceColorScheme,
  env,
  withCssVariables = true,
}: ThemeProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      forceColorScheme={forceColorScheme}
      env={env}
      withCssVariables={withCssVariables}
      withGlobalClasses={withCssVariables}
    >
      {children}
    </MantineProvider>
  );
}
