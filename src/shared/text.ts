import { z } from 'zod';

/**
 * The one text rule for everything a person or client types (DESIGN.md §5, decision 017): text
 * never holds U+0000, broken Unicode (a lone surrogate, which would be stored as U+FFFD) or
 * control characters (C0, DEL and C1). PostgreSQL refuses U+0000 with an error, and the rest
 * only ever arrives to garble a page, a log line or a mail.
 *
 * - `singleLineText()`: names, titles, tags, searches, ids, cursors, emails and passwords. Also
 *   refuses tab, line breaks (U+2028, U+2029 too) and the bidi embedding, override and isolate
 *   controls (U+202A–U+202E, U+2066–U+2069), which can make a name or a title read backwards
 *   beside the text around it.
 * - `multiLineText()`: bodies, bios, summaries and reasons. Allows tab and line breaks (each
 *   kind stored as `\n`) and the bidi controls right-to-left writing may need.
 *
 * Both are zod strings, so `.trim().min().max().regex()` compose after them. A required text
 * counts only what a reader can see (`visibleMin`): whitespace and invisible characters alone
 * are empty.
 */
const refusedInLine = /[\p{Cc}\p{Cs}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
const refusedInText = /(?![\t\n])[\p{Cc}\p{Cs}]/u;
const lineBreaks = /\r\n?|\u2028|\u2029/g;

function describe(character: string): string {
  const code = character.codePointAt(0) ?? 0;
  const name = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if (code >= 0xd800 && code <= 0xdfff) return `the broken character ${name} (a lone surrogate)`;
  if (code === 0x09) return `the tab (${name})`;
  if ([0x0a, 0x0d, 0x2028, 0x2029].includes(code)) return `the line break (${name})`;
  if (code >= 0x202a) return `the text direction control ${name}`;
  return `the control character ${name}`;
}

function refusing(refused: RegExp) {
  return (value: string, ctx: z.RefinementCtx) => {
    const found = refused.exec(value);
    if (found) ctx.addIssue({ code: 'custom', message: `Remove ${describe(found[0])}` });
  };
}

/** Text on one line: see the rule above. */
export const singleLineText = () => z.string().superRefine(refusing(refusedInLine));

/** Text over several lines (Markdown, a bio, a reason): see the rule above. */
export const multiLineText = () =>
  z
    .string()
    .overwrite((value) => value.replace(lineBreaks, '\n'))
    .superRefine(refusing(refusedInText));

/**
 * What a reader cannot see: whitespace, format characters (zero-width space, non-joiner and
 * joiner, BOM, word joiner, soft hyphen, bidi marks, invisible operators, tags) and the other
 * default-ignorable characters (variation selectors, the combining grapheme joiner, Hangul
 * fillers), and the blank Braille pattern, which fonts draw as nothing.
 */
const invisible = /[\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** How many characters of a text a reader sees: its length without the invisible ones. */
export const visibleLength = (value: string): number => value.replace(invisible, '').length;

/**
 * The minimum of a required text, counted in characters a reader can see, so that a title, body,
 * message, name or reason made only of invisible characters is refused with the field's own
 * "cannot be empty" or "needs at least" message: `.check(...visibleMin(3, 'message'))` in place
 * of `.min(3, 'message')` (which it keeps, for the OpenAPI document's `minLength`).
 */
export const visibleMin = (min: number, message: string) =>
  [
    z.minLength(min, { message, abort: true }),
    z.refine<string>((value) => visibleLength(value) >= min, message),
  ] as const;

/**
 * A number with its thousands grouped as in English, "40,000" or "1,234.5": for messages built
 * when a module loads and for the fixed formats of a server render. The first `toLocaleString`
 * or `Intl.NumberFormat` of a page costs tens of milliseconds (the browser loads its number
 * formats), which every page would otherwise pay before it can start.
 */
export function groupDigits(value: number): string {
  const [whole = '', fraction] = String(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** Page links carry an opaque cursor, which the server decodes and checks (core/cursor.ts). */
export const pageCursorSchema = singleLineText().max(200);
