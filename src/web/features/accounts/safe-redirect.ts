/**
 * Where to go after signing in: the `redirect` parameter only when it is a path on this site.
 * Anything else ('//evil.com', 'https://evil.com', '/\evil.com', 'javascript:…') goes home, so a
 * crafted sign-in link cannot send a fresh session to another origin.
 */
export function safeRedirect(value: string | null, origin = window.location.origin): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  try {
    // The URL parser also drops tabs and newlines ('/\t/evil.com'), so compare what it made.
    const url = new URL(value, origin);
    if (url.origin !== origin) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
