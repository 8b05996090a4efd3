import { useCallback, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/** Builds a page's next query string from its current one. */
export type ParamsChange = (current: URLSearchParams) => URLSearchParams;

/**
 * A page's query string and the way to change it, each change built on the one written before
 * it. React Router's own functional update builds on the query string as last rendered, so two
 * changes before the page renders again (the choices and the text a visitor made before the app
 * started, say) would keep only the second. Back, a link or a reload resets the base to the
 * address rendered.
 */
export function useAddressParams(): [
  URLSearchParams,
  (change: ParamsChange, options?: NavigateOptions) => void,
] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const latest = useRef({ rendered: key, written: key });
  if (latest.current.rendered !== key) latest.current = { rendered: key, written: key };
  const change = useCallback(
    (build: ParamsChange, options?: NavigateOptions) => {
      const next = build(new URLSearchParams(latest.current.written));
      latest.current.written = next.toString();
      setParams(next, options);
    },
    [setParams],
  );
  return [params, change];
}
