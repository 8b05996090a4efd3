import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAddressParams } from './address-params';

/** The hook inside a real router at /films, and the router to read its address from. */
function renderAtFilms() {
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '/films', element: children }], {
      initialEntries: ['/films'],
    });
    return <RouterProvider router={router} />;
  };
  const hook = renderHook(
    () => {
      const [params, setParams] = useAddressParams();
      const change = (update: Record<string, string>, replace = false) =>
        setParams(
          (current) => {
            for (const [name, value] of Object.entries(update)) current.set(name, value);
            return current;
          },
          { replace },
        );
      return { params, change };
    },
    { wrapper },
  );
  const address = () => `${router!.state.location.pathname}${router!.state.location.search}`;
  const back = () => router!.navigate(-1);
  return { hook, address, back };
}

describe('useAddressParams', () => {
  it('keeps both of two changes made before the page renders again', () => {
    const { hook, address } = renderAtFilms();
    act(() => {
      hook.result.current.change({ year: '1979', sort: 'best-rated' });
      hook.result.current.change({ q: 'stal' }, true);
    });
    expect(address()).toBe('/films?year=1979&sort=best-rated&q=stal');
    expect(hook.result.current.params.toString()).toBe('year=1979&sort=best-rated&q=stal');
  });

  it('builds on the address Back returns to, not on the change Back left', async () => {
    const { hook, address, back } = renderAtFilms();
    act(() => hook.result.current.change({ year: '1979' }));
    act(() => hook.result.current.change({ sort: 'best-rated' }));
    expect(address()).toBe('/films?year=1979&sort=best-rated');
    await act(back);
    expect(address()).toBe('/films?year=1979');
    act(() => hook.result.current.change({ q: 'stal' }));
    expect(address()).toBe('/films?year=1979&q=stal');
  });
});
