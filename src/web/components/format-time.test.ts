import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderFormats } from './format-time';

const intl = (options: Intl.DateTimeFormatOptions) => {
  const format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
  return (iso: string) => format.format(new Date(iso));
};
const full = intl({ dateStyle: 'full', timeStyle: 'short' });
const day = intl({ dateStyle: 'medium' });
const date = intl({ dateStyle: 'long' });
const dateTime = intl({ dateStyle: 'medium', timeStyle: 'short' });

describe('the fixed formats of a server render and of hydration', () => {
  it("write what Intl's en-US formats write in UTC, for any moment", () => {
    const moments = fc
      .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2200-12-31T23:59:59Z') })
      .filter((value) => !Number.isNaN(value.getTime()))
      .map((value) => value.toISOString());
    fc.assert(
      fc.property(moments, (iso) => {
        expect(renderFormats.full(iso)).toBe(`${full(iso)} UTC`);
        expect(renderFormats.day(iso)).toBe(day(iso));
        expect(renderFormats.relative(iso)).toBe(day(iso));
        expect(renderFormats.date(iso)).toBe(date(iso));
        expect(renderFormats.dateTime(iso)).toBe(`${dateTime(iso)} UTC`);
        expect(renderFormats.end(iso)).toBe(`${dateTime(iso)} UTC`);
      }),
      { numRuns: 2000 },
    );
    expect(renderFormats.dateTime('2026-11-27T00:05:00Z')).toBe('Nov 27, 2026, 12:05 AM UTC');
    expect(renderFormats.number(1234567)).toBe('1,234,567');
  });
});
