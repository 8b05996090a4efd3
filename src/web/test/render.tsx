import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ThemeProvider } from '../shell/theme-provider';

/** Renders inside our Mantine theme in test mode (no transitions, no portals). */
export function renderWithTheme(ui: ReactElement): RenderResult {
  return render(<ThemeProvider env="test">{ui}</ThemeProvider>);
}
