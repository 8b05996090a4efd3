import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.js';

describe("a member's initials", () => {
  it.each([
    ['two words', 'Margot Lindqvist', 'ML'],
    ['more than two words: the first two', 'Maria del Carmen', 'MD'],
    ['a one-word name: its first two letters', 'Cher', 'CH'],
    ['an emoji between the words, skipped', 'Zoë 🎬 Martin', 'ZM'],
    ['an emoji glued to a word, skipped', '🎬Zoë Martin', 'ZM'],
    ['an accent typed as a combining mark, kept whole', 'E\u0301lodie Roux', 'E\u0301R'],
    ['letters of other scripts', 'Ōshima Nagisa', 'ŌN'],
    ['spaces around the name', '  ann   lee  ', 'AL'],
    ['digits count as letters', '2001 fan', '2F'],
  ])('of %s', (_, name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });

  it('never split a character in two, so no lone surrogate reaches a page', () => {
    for (const name of ['Zoë 🎬 Martin', '🎬 🍿', '👩‍👩‍👧 family', '🇸🇪 Sweden fan']) {
      // With the u flag a surrogate pair is one code point: only a lone half matches.
      expect(initialsOf(name), name).not.toMatch(/\p{Cs}/u);
    }
  });

  it('show the first character whole when the name has no letter, and nothing for no name', () => {
    expect(initialsOf('🎬 🍿')).toBe('🎬');
    expect(initialsOf('👩‍👩‍👧')).toBe('👩‍👩‍👧');
    expect(initialsOf('')).toBe('');
    expect(initialsOf('   ')).toBe('');
  });

  it('are the same without the segmenter for Latin names written whole', () => {
    const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
    const latin = fc.string({
      unit: fc
        .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0x24f }))
        .map((code) => String.fromCharCode(code)),
      maxLength: 12,
    });
    fc.assert(
      fc.property(latin, (name) => {
        const graphemes = Array.from(segmenter.segment(name), (part) => part.segment);
        expect(Array.from(name)).toEqual(graphemes);
      }),
      { numRuns: 2000 },
    );
  });
});
