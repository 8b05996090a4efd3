import { fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithTheme } from '../test/render';
import { ColorModeControl } from './color-mode-control';
import { deepestHandle, type RouteHandle } from './route-handle';

function renderControl(handle: RouteHandle = {}) {
  const router = createMemoryRouter([{ path: '/', handle, Component: ColorModeControl }]);
  renderWithTheme(<RouterProvider router={router} />);
}

function radio(name: string): HTMLInputElement {
  return screen.getByRole<HTMLInputElement>('radio', { name });
}

describe('colour mode control', () => {
  afterEach(() => window.localStorage.clear());

  it('offers System, Light and Dark and stores the choice where Mantine reads it', () => {
    renderControl();
    expect(screen.getByRole('radiogroup', { name: 'Colour mode' })).toBeTruthy();
    expect(radio('System').checked).toBe(true);

    fireEvent.click(radio('Dark'));

    expect(window.localStorage.getItem('mantine-color-scheme-value')).toBe('dark');
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(radio('Dark').checked).toBe(true);
  });

  it('is disabled on a route that forces a scheme', () => {
    renderControl({ forceColorScheme: 'light' });
    for (const name of ['System', 'Light', 'Dark']) expect(radio(name).disabled).toBe(true);
  });
});

describe('deepestHandle', () => {
  it('lets the deepest route that sets a value win', () => {
    const matches = [
      { handle: { forceColorScheme: 'dark' } },
      { handle: undefined },
      { handle: { forceColorScheme: 'light' } },
      { handle: {} },
    ];
    expect(deepestHandle(matches, 'forceColorScheme')).toBe('light');
    expect(deepestHandle([{ handle: null }], 'forceColorScheme')).toBeUndefined();
  });
});
