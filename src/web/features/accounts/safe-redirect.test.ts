import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

const origin = 'https://viewpoint.example';

describe('safeRedirect', () => {
  it.each([
    ['/admin', '/admin'],
    ['/moderator/users?q=ann', '/moderator/users?q=ann'],
    ['/forum/post/42#comment-7', '/forum/post/42#comment-7'],
    ['/auth/change-email?token=abc', '/auth/change-email?token=abc'],
  ])('keeps the same-site path %s', (value, expected) => {
    expect(safeRedirect(value, origin)).toBe(expected);
  });

  it.each([
    '//evil.com',
    '//evil.com/path',
    'https://evil.com',
    'http://viewpoint.example.evil.com/',
    '/\\evil.com',
    '/\t/evil.com',
    '\\\\evil.com',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'evil.com',
    '',
  ])('sends %j home', (value) => {
    expect(safeRedirect(value, origin)).toBe('/');
  });

  it('sends a missing parameter home', () => {
    expect(safeRedirect(null, origin)).toBe('/');
  });

  it('reads the origin of the page by default', () => {
    expect(safeRedirect('/about')).toBe('/about');
    expect(safeRedirect(`${window.location.origin}/about`)).toBe('/');
  });
});
