import { act, fireEvent, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from '../shell/theme-provider';
import { renderWithTheme } from '../test/render';
import { UserAvatar } from './user-avatar';

const zoe = { name: 'Zoë 🎬 Martin', username: 'zoe', image: null };

describe('the avatar of a member without a picture', () => {
  it('shows the initials of whole letters, skipping the emoji in the name', () => {
    const { container } = renderWithTheme(<UserAvatar author={zoe} />);
    expect(container.querySelector('[data-hue]')?.textContent).toBe('ZM');
    // Decorative: the name beside it is what screen readers hear.
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('hydrates the server-drawn initials without a mismatch', () => {
    const ui = (
      <ThemeProvider env="test">
        <UserAvatar author={{ ...zoe, name: '🎬 Zoë' }} />
        <UserAvatar author={zoe} />
      </ThemeProvider>
    );
    // The page travels as UTF-8, as the server sends it: half a character arrives as U+FFFD.
    const html = new TextDecoder().decode(new TextEncoder().encode(renderToString(ui)));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const mismatches: unknown[] = [];

    act(() => {
      hydrateRoot(container, ui, { onRecoverableError: (error) => mismatches.push(error) });
    });

    expect(mismatches).toEqual([]);
    const drawn = [...container.querySelectorAll('[data-hue]')].map((avatar) => {
      return avatar.textContent;
    });
    expect(drawn).toEqual(['ZO', 'ZM']);
  });
});

describe('the avatar of a member with a picture', () => {
  it('shows the picture, lazily, and the initials once it fails to load', () => {
    const { container } = renderWithTheme(
      <UserAvatar author={{ ...zoe, image: '/media/zoe.webp' }} size={28} />,
    );
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/media/zoe.webp');
    expect(image?.getAttribute('loading')).toBe('lazy');
    expect(container.querySelector('[data-hue]')?.getAttribute('style')).toBe(
      '--avatar-size: 1.75rem;',
    );

    fireEvent.error(image!);

    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[data-hue]')?.textContent).toBe('ZM');
  });
});
