import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { displayNameSchema, usernameSchema } from './accounts.js';
import { chatMessageBodySchema } from './chat.js';
import { commentBodySchema, postBodySchema, postTitleSchema } from './forum.js';
import { moderatePostBody } from './moderation-actions.js';
import { reportBody } from './reports.js';
import { createNewsBody } from './news.js';
import {
  groupDigits,
  multiLineText,
  pageCursorSchema,
  singleLineText,
  visibleLength,
  visibleMin,
} from './text.js';

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

/** Characters a reader cannot see, which alone make a text as good as empty. */
const invisibles: Record<string, string> = {
  'zero-width space': '\u200B',
  'zero-width non-joiner': '\u200C',
  'zero-width joiner': '\u200D',
  'byte order mark': '\uFEFF',
  'word joiner': '\u2060',
  'invisible times': '\u2062',
  'soft hyphen': '\u00AD',
  'left-to-right mark': '\u200E',
  'right-to-left mark': '\u200F',
  'Arabic letter mark': '\u061C',
  'Mongolian vowel separator': '\u180E',
  'Mongolian free variation selector': '\u180B',
  'variation selector 16': '\uFE0F',
  'variation selector 17': '\u{E0100}',
  'combining grapheme joiner': '\u034F',
  'Hangul filler': '\u3164',
  'Hangul choseong filler': '\u115F',
  'Hangul jungseong filler': '\u1160',
  'halfwidth Hangul filler': '\uFFA0',
  'Khmer inherent vowel': '\u17B4',
  'tag space': '\u{E0020}',
  'blank Braille pattern': '\u2800',
  'no-break space': '\u00A0',
  'em space': '\u2003',
  'hair space': '\u200A',
  'narrow no-break space': '\u202F',
  'ideographic space': '\u3000',
};
const invisibleText = (extra: string[] = []) =>
  fc
    .array(fc.constantFrom(...Object.values(invisibles), ...extra), { minLength: 1, maxLength: 30 })
    .map((parts) => parts.join(''));

/** Each required text a member or moderator writes: whether it takes `text`, and whether it spans lines. */
const accepts = (schema: z.ZodType) => (input: unknown) => schema.safeParse(input).success;
const requiredTexts: [string, (text: string) => boolean, boolean][] = [
  ['a thread title', accepts(postTitleSchema), false],
  ['a thread body', accepts(postBodySchema), true],
  ['a reply', accepts(commentBodySchema), true],
  ['a chat message', accepts(chatMessageBodySchema), true],
  ['a display name', accepts(displayNameSchema), false],
  ['a username', accepts(usernameSchema), false],
  ['a news title', accepts(createNewsBody.shape.title), false],
  ['a news summary', accepts(createNewsBody.shape.summary), true],
  ['a news body', accepts(createNewsBody.shape.body), true],
  [
    'a report reason (something else)',
    (reason) => accepts(reportBody)({ category: 'other', reason }),
    true,
  ],
  ['a moderation reason', (reason) => accepts(moderatePostBody)({ action: 'hide', reason }), true],
];

describe('visible characters', () => {
  it.each(Object.entries(invisibles))('does not count a %s', (_, character) => {
    expect(visibleLength(`${character}a${character}${character}`)).toBe(1);
  });

  it('counts every character of ordinary text: letters, digits, emoji, other scripts', () => {
    for (const text of ['Amélie', '👍', 'שלום', '½ ∞ ‰', '7 films']) {
      expect(visibleLength(text)).toBe(text.replace(/ /g, '').length);
    }
  });

  it.each(requiredTexts)('refuses %s made only of invisible characters', (_, takes, lines) => {
    fc.assert(
      fc.property(invisibleText(lines ? ['\n', '\t', ' '] : [' ']), (text) => {
        expect(takes(text)).toBe(false);
      }),
    );
  });

  it('takes a text whose visible characters reach the minimum, whatever invisible ones it holds', () => {
    const title = singleLineText()
      .trim()
      .check(...visibleMin(3, 'Too short'))
      .max(50);
    fc.assert(
      fc.property(invisibleText(), invisibleText(), (before, after) => {
        expect(title.safeParse(`${before}abc${after}`).success).toBe(true);
        expect(title.safeParse(`${before}ab${after}`).error?.issues[0]?.message).toBe('Too short');
      }),
    );
  });

  it("refuses them with the field's own message", () => {
    expect(messageOf(postBodySchema.safeParse('\u200B\u200B'))).toBe('Body cannot be empty');
    expect(messageOf(postTitleSchema.safeParse('ab\u200B\u200B\u200B'))).toBe(
      'Title needs at least 5 characters',
    );
    expect(messageOf(chatMessageBodySchema.safeParse('\u3164'))).toBe('A message cannot be empty');
  });
});

describe('groupDigits', () => {
  it('groups thousands as English does, without loading the browser number formats', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }), (value) => {
        expect(groupDigits(value)).toBe(value.toLocaleString('en-US'));
      }),
    );
    expect(groupDigits(1234.5)).toBe('1,234.5');
    expect(groupDigits(40_000)).toBe('40,000');
    expect(groupDigits(999)).toBe('999');
  });
});
