import { describe, expect, it } from 'vitest';
import { multiLineText, pageCursorSchema, singleLineText } from './text.js';

const messageOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('the one text rule', () => {
  it.each([
    ['U+0000', 'a\u0000b', 'Remove the control character U+0000'],
    ['another C0 control', 'a\u001Bb', 'Remove the control character U+001B'],
    ['DEL', 'a\u007Fb', 'Remove the control character U+007F'],
    ['a C1 control', 'a\u0085b', 'Remove the control character U+0085'],
    ['a lone high surrogate', 'a\uD800b', 'Remove the broken character U+D800 (a lone surrogate)'],
    ['a lone low surrogate', 'a\uDC00', 'Remove the broken character U+DC00 (a lone surrogate)'],
  ])('refuses %s on one line and over several', (_, text, message) => {
    expect(messageOf(singleLineText().safeParse(text))).toBe(message);
    expect(messageOf(multiLineText().safeParse(text))).toBe(message);
  });

  it.each([
    ['a tab', 'a\tb', 'Remove the tab (U+0009)'],
    ['a newline', 'a\nb', 'Remove the line break (U+000A)'],
    ['a carriage return', 'a\rb', 'Remove the line break (U+000D)'],
    ['a line separator', 'a\u2028b', 'Remove the line break (U+2028)'],
    ['a paragraph separator', 'a\u2029b', 'Remove the line break (U+2029)'],
    ['a right-to-left override', 'a\u202Eb', 'Remove the text direction control U+202E'],
    ['a first-strong isolate', 'a\u2068b', 'Remove the text direction control U+2068'],
  ])('refuses %s on one line only', (_, text, message) => {
    expect(messageOf(singleLineText().safeParse(text))).toBe(message);
    expect(multiLineText().safeParse(text).success).toBe(true);
  });

  it('stores every kind of line break over several lines as \\n, tabs kept', () => {
    expect(multiLineText().parse('one\r\ntwo\rthree\u2028four\u2029five\n\tsix')).toBe(
      'one\ntwo\nthree\nfour\nfive\n\tsix',
    );
  });

  it('takes any printable text: accents, emoji, right-to-left scripts, zero-width joiners', () => {
    for (const text of ['Amélie', '👩‍👩‍👧 🎬', 'שלום עולם', 'مرحبا', '7\u00A0films', '½ ∞ ‰']) {
      expect(singleLineText().parse(text)).toBe(text);
      expect(multiLineText().parse(text)).toBe(text);
    }
  });

  it('composes with trim, min and max, the rule checked first', () => {
    const title = singleLineText().trim().min(3).max(5);
    expect(title.parse('  abc  ')).toBe('abc');
    expect(title.safeParse('ab').success).toBe(false);
    expect(messageOf(title.safeParse('\u0000'))).toBe('Remove the control character U+0000');
  });

  it('takes page cursors under the rule, up to 200 characters', () => {
    expect(pageCursorSchema.parse('WzEsMl0')).toBe('WzEsMl0');
    expect(pageCursorSchema.safeParse('Wz\u0000').success).toBe(false);
    expect(pageCursorSchema.safeParse('a'.repeat(201)).success).toBe(false);
  });
});
