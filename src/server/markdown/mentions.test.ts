import { describe, expect, it } from 'vitest';
import { chatMentionCandidates, renderChatMessage } from './render-chat.js';
import { maxMentions, type MentionableMember } from './mentions.js';
import {
  countLinks,
  markdownMentionCandidates,
  renderMarkdown,
  renderMarkdownWithMentions,
} from './render.js';

const member = (username: string, id = `id-${username}`): MentionableMember => ({ id, username });
const members = (...names: string[]) => new Map(names.map((name) => [name, member(name)] as const));
const ana = members('ana');
const link = (name: string, typed = name) =>
  `<a href="/u/${name}" class="mention" data-mention="${name}">@${typed}</a>`;

describe('mentions in posts and replies', () => {
  it('links a member it is given to their profile, and answers who was mentioned', () => {
    const { html, mentioned } = renderMarkdownWithMentions('Thanks @ana!', ana);
    expect(html).toBe(`<p>Thanks ${link('ana')}!</p>\n`);
    expect(mentioned).toEqual([member('ana')]);
  });

  it('leaves a name nobody holds as plain text', () => {
    expect(renderMarkdown('Thanks @ana and @nobody_here', ana)).toBe(
      `<p>Thanks ${link('ana')} and @nobody_here</p>\n`,
    );
  });

  it('links nothing when no members are given', () => {
    expect(renderMarkdown('Thanks @ana')).toBe('<p>Thanks @ana</p>\n');
  });

  it('matches whatever the case, keeping the name as typed', () => {
    expect(renderMarkdown('Hi @AnA', ana)).toBe(`<p>Hi ${link('ana', 'AnA')}</p>\n`);
    expect(markdownMentionCandidates('Hi @AnA and @ana')).toEqual(['ana']);
  });

  it('ends the name at punctuation', () => {
    expect(renderMarkdown('@ana, @ana. (@ana) @ana?', ana)).toBe(
      `<p>${link('ana')}, ${link('ana')}. (${link('ana')}) ${link('ana')}?</p>\n`,
    );
  });

  it.each([
    ['a code span', 'Try `@ana` here'],
    ['a fenced code block', '```\n@ana\n```'],
    ['an indented code block', '    say @ana'],
    ["a link's text", '[ask @ana](https://example.org/)'],
    ['an e-mail address', 'Write to ana@example.org'],
    ['a word', 'not_a@ana mention'],
  ])('is never a mention inside %s', (_, source) => {
    expect(renderMarkdown(source, ana)).not.toContain('class="mention"');
    expect(markdownMentionCandidates(source)).toEqual([]);
  });

  it('escapes nothing into markup and keeps the link rules of other links', () => {
    const html = renderMarkdown('@ana see https://example.org', ana);
    expect(html).toContain(link('ana'));
    expect(html).toContain('<a href="https://example.org" rel="nofollow ugc noopener">');
  });

  it(`links at most ${maxMentions} distinct members; later ones stay plain text`, () => {
    const names = Array.from({ length: 200 }, (_, index) => `member_${index}`);
    const source = names.map((name) => `@${name}`).join(' ');
    const candidates = markdownMentionCandidates(source);
    expect(candidates).toHaveLength(maxMentions);
    expect(candidates).toEqual(names.slice(0, maxMentions));

    // Even given every member, the render links no more than the cap.
    const { html, mentioned } = renderMarkdownWithMentions(source, members(...names));
    expect(mentioned).toHaveLength(maxMentions);
    expect(html.match(/class="mention"/g)).toHaveLength(maxMentions);
    expect(html).toContain(`@${names[maxMentions] ?? ''} `);
  });

  it('are not counted as links under the new-account rule', () => {
    expect(countLinks('Thanks @ana')).toBe(0);
  });
});

describe('mentions in chat', () => {
  it('links a member and leaves code, links and unknown names alone', () => {
    const source = 'hey @Ana `@ana` [@ana](https://example.org) @nobody_here';
    expect(chatMentionCandidates(source)).toEqual(['ana', 'nobody_here']);
    const { html, mentioned } = renderChatMessage(source, ana);
    expect(html.match(/class="mention"/g)).toHaveLength(1);
    expect(html).toContain(`hey ${link('ana', 'Ana')} <code>@ana</code>`);
    expect(html).toContain('@nobody_here');
    expect(mentioned).toEqual([member('ana')]);
  });
});
