/**
 * The double-submit CSRF token (decision 007): the server sets it as a cookie our own scripts
 * can read, and they send its value back in a header on every write.
 */
export const CSRF_COOKIE = 'vp_csrf';
export const CSRF_HEADER = 'x-csrf-token';
