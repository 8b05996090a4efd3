import { describe, expect, it } from 'vitest';
import { escapeXml, xmlTime } from './xml.js';

describe('escapeXml', () => {
  it('escapes the five characters XML gives meaning to', () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;',
    );
  });

  it('keeps emoji, right-to-left text, tabs and line breaks as they are', () => {
    const text = 'فيلم 🎬 סרט\tone\nline\r';
    expect(escapeXml(text)).toBe(text);
  });

  it('drops what no XML 1.0 document can hold', () => {
    expect(escapeXml('a\u0000b\u0008c\uD800d\uFFFEe\uFFFFf')).toBe('abcdef');
  });
});

describe('xmlTime', () => {
  it('writes UTC to the second', () => {
    expect(xmlTime(new Date('2024-03-05T08:15:42.250+02:00'))).toBe('2024-03-05T06:15:42Z');
  });
});
