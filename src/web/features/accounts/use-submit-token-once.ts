import { useEffect, useRef } from 'react';

/**
 * Emailed links are single-use: their token is posted once when the page opens, even though
 * StrictMode runs effects twice and a re-render hands over a new `submit`.
 */
export function useSubmitTokenOnce(token: string | null, submit: (token: string) => void): void {
  const submitted = useRef<string | null>(null);
  useEffect(() => {
    if (!token || submitted.current === token) return;
    submitted.current = token;
    submit(token);
  }, [token, submit]);
}
