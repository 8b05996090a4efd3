import { describe, expect, it } from 'vitest';
import { quoteMarkdown } from './quote.js';

const reply = {
  id: 34,
  author: { name: 'Ann Lee', username: 'ann' },
  bodySource: 'First line\nsecond line\n\n  \nA new paragraph.\n',
  thread: { postId: 12, articleId: null },
};

describe('a quoted reply', () => {
  it("opens with the author's linked name and a link to the reply, then quotes every line", () => {
    expect(quoteMarkdown(reply)).toBe(
      '> [Ann Lee](/u/ann) [wrote](/forum/post/12?reply=34):\n' +
        '>\n' +
        '> First line\n' +
        '> second line\n' +
        '>\n' +
        '>\n' +
        '> A new paragraph.\n\n',
    );
  });

  it('links to the reply beside its news article', () => {
    expect(quoteMarkdown({ ...reply, thread: { postId: 12, articleId: 5 } })).toMatch(
      /^> \[Ann Lee\]\(\/u\/ann\) \[wrote\]\(\/news\/5\?reply=34\):\n/,
    );
  });

  it('writes a name as text, whatever characters it holds, and a deleted author unlinked', () => {
    const name = 'Ann ](javascript:x) *Lee* <b>&amp;';
    expect(quoteMarkdown({ ...reply, author: { name, username: 'ann' } })).toMatch(
      /^> \[Ann \\\]\\\(javascript:x\\\) \\\*Lee\\\* \\<b\\>\\&amp;\]\(\/u\/ann\) /,
    );
    expect(quoteMarkdown({ ...reply, author: { name: 'deleted user', username: null } })).toMatch(
      /^> deleted user \[wrote\]\(\/forum\/post\/12\?reply=34\):\n/,
    );
  });
});
