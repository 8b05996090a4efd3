import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ConnectionInfo } from './prefetch';
import { PrefetchLink, PrefetchNavLink, RoutePrefetchProvider } from './prefetch-link';

/** Two links under a provider whose route table knows /forum only. */
function renderLinks(connection?: ConnectionInfo) {
  const forumPage = vi.fn(() => Promise.resolve({}));
  const pageLoaderFor = vi.fn((pathname: string) =>
    pathname === '/forum' ? forumPage : undefined,
  );
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <RoutePrefetchProvider pageLoaderFor={pageLoaderFor} getConnection={() => connection}>
          <PrefetchLink to="/forum?sort=new#top">Forum</PrefetchLink>
          <PrefetchNavLink to="/nowhere">Nowhere</PrefetchNavLink>
          <PrefetchLink to="https://example.com/">Elsewhere</PrefetchLink>
        </RoutePrefetchProvider>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
  return { forumPage, pageLoaderFor };
}

describe('PrefetchLink', () => {
  it('loads the target page once on hover, focus or touch, by its path alone', () => {
    const { forumPage, pageLoaderFor } = renderLinks();
    const link = screen.getByRole('link', { name: 'Forum' });

    fireEvent.mouseEnter(link);
    fireEvent.focus(link);
    fireEvent.touchStart(link);

    expect(pageLoaderFor).toHaveBeenCalledWith('/forum');
    expect(forumPage).toHaveBeenCalledTimes(1);
  });

  it('asks nothing for paths no page serves, nor for other sites', () => {
    const { pageLoaderFor } = renderLinks();

    fireEvent.mouseEnter(screen.getByRole('link', { name: 'Nowhere' }));
    fireEvent.mouseEnter(screen.getByRole('link', { name: 'Elsewhere' }));

    expect(pageLoaderFor.mock.calls).toEqual([['/nowhere']]);
  });

  it('loads nothing on a save-data connection', () => {
    const { forumPage } = renderLinks({ saveData: true });

    fireEvent.mouseEnter(screen.getByRole('link', { name: 'Forum' }));

    expect(forumPage).not.toHaveBeenCalled();
  });

  it('is a plain link outside a provider', () => {
    const router = createMemoryRouter([
      { path: '/', element: <PrefetchLink to="/">Home</PrefetchLink> },
    ]);
    render(<RouterProvider router={router} />);

    fireEvent.mouseEnter(screen.getByRole('link', { name: 'Home' }));

    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
  });
});
