import { describe, expect, it } from 'vitest';
import { plainExcerpt } from './excerpt.js';
import { countLinks, isAllowedLink, renderMarkdown } from './render.js';

const ourImage = '/media/k3v9q2m8x7w4t6p1r5s0.webp';

/** Every tag name in the output: what the browser will build, not what the text says. */
const tagsOf = (html: string) => [...html.matchAll(/<([a-z][a-z0-9]*)/g)].map((match) => match[1]);
const hrefsOf = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);

describe('raw HTML is text, never markup', () => {
  it.each([
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
    ['<iframe src="https://evil.example/"></iframe>', '&lt;iframe src=&quot;'],
    ['<a href="javascript:alert(1)">x</a>', '&lt;a href=&quot;javascript:alert(1)&quot;&gt;'],
    ['<svg onload=alert(1)>', '&lt;svg onload=alert(1)&gt;'],
  ])('escapes %s', (source, escaped) => {
    const html = renderMarkdown(source);
    expect(html).toContain(escaped);
    expect(tagsOf(html).filter((tag) => tag !== 'p' && tag !== 'a')).toEqual([]);
    expect(html).not.toMatch(/<(script|img|iframe|svg)\b/);
  });

  it('escapes HTML blocks spread over lines', () => {
    const html = renderMarkdown('<div>\n<script>\nalert(1)\n</script>\n</div>');
    expect(html).not.toMatch(/<(div|script)\b/);
  });
});

describe('links', () => {
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'jav&#x09;ascript:alert(1)',
    'jav&#9;ascript:alert(1)',
    '&#106;avascript:alert(1)',
    '%6Aavascript:alert(1)',
    ' javascript:alert(1)',
    '<javascript:alert(1)>',
    'java%0Ascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '//evil.example/path',
  ])('refuses [x](%s)', (target) => {
    const html = renderMarkdown(`[click me](${target})`);
    expect(html).not.toContain('<a');
    expect(hrefsOf(html)).toEqual([]);
  });

  it('refuses dangerous targets in reference definitions and autolinks', () => {
    expect(renderMarkdown('[x]: javascript:alert(1)\n\n[click][x]')).not.toContain('<a');
    expect(renderMarkdown('<javascript:alert(1)>')).not.toContain('<a');
    expect(renderMarkdown('<vbscript:alert(1)>')).not.toContain('<a');
  });

  it('keeps http, https, mailto and same-site links, each marked nofollow ugc noopener', () => {
    const html = renderMarkdown(
      '[a](https://film.example/x) [b](http://film.example) [c](mailto:me@film.example) [d](/forum/post/3) [e](#replies)',
    );
    expect(hrefsOf(html)).toEqual([
      'https://film.example/x',
      'http://film.example',
      'mailto:me@film.example',
      '/forum/post/3',
      '#replies',
    ]);
    expect(html.match(/rel="nofollow ugc noopener"/g)).toHaveLength(5);
    expect(html).not.toContain('target=');
  });

  it('turns bare URLs, www addresses and emails into links', () => {
    const html = renderMarkdown(
      'See https://film.example/a?b=1, www.films.com and me@film.example',
    );
    expect(hrefsOf(html)).toEqual([
      'https://film.example/a?b=1',
      'http://www.films.com',
      'mailto:me@film.example',
    ]);
    expect(html.match(/rel="nofollow ugc noopener"/g)).toHaveLength(3);
  });

  it('allows a link by its scheme, not by how it is spelled', () => {
    expect(isAllowedLink('HTTPS://film.example')).toBe(true);
    expect(isAllowedLink('/\\evil.example')).toBe(false);
    expect(isAllowedLink('javascript%3Aalert(1)')).toBe(false);
    expect(isAllowedLink('page:1')).toBe(false);
  });
});

describe('images', () => {
  it('shows an image from elsewhere as its alt text only', () => {
    const html = renderMarkdown('![a <b>cat</b>](https://evil.example/cat.png)');
    expect(html).toBe('<p>a &lt;b&gt;cat&lt;/b&gt;</p>\n');
  });

  it('refuses data: and relative images that are not our uploads', () => {
    expect(renderMarkdown('![x](data:image/png;base64,iVBORw0KGgo=)')).not.toContain('<img');
    expect(renderMarkdown('![x](/media/../etc/passwd.webp)')).not.toContain('<img');
    expect(renderMarkdown('![x](/avatar.webp)')).not.toContain('<img');
  });

  it('shows our own uploads lazily, marked for the image viewer', () => {
    const html = renderMarkdown(`![The *poster*](${ourImage} "Poster")`);
    expect(html).toBe(
      `<p><img src="${ourImage}" alt="The poster" title="Poster" loading="lazy" class="post-image"></p>\n`,
    );
  });
});

describe('GitHub-flavoured Markdown', () => {
  it('renders tables', () => {
    const html = renderMarkdown('| Film | Year |\n|---|---:|\n| Alien | 1979 |');
    expect(html).toContain('<table>');
    expect(html).toContain('<th>Film</th>');
    expect(html).toContain('<td style="text-align:right">1979</td>');
  });

  it('renders strikethrough', () => {
    expect(renderMarkdown('~~spoiler~~')).toBe('<p><s>spoiler</s></p>\n');
  });
});

describe('task lists', () => {
  it('renders [ ] and [x] list items as checkboxes readers cannot tick', () => {
    const html = renderMarkdown('- [ ] Watch *Solaris*\n- [x] Watch Stalker\n- Plain item');
    expect(html).toBe(
      '<ul class="contains-task-list">\n' +
        '<li class="task-list-item"><label><input class="task-list-item-checkbox" disabled="" type="checkbox"> Watch <em>Solaris</em></label></li>\n' +
        '<li class="task-list-item"><label><input class="task-list-item-checkbox" checked="" disabled="" type="checkbox"> Watch Stalker</label></li>\n' +
        '<li>Plain item</li>\n' +
        '</ul>\n',
    );
  });

  it('leaves brackets outside a list item as text, and the item text escaped', () => {
    expect(renderMarkdown('[ ] not a task')).toBe('<p>[ ] not a task</p>\n');
    const html = renderMarkdown('- [x] <img src=x onerror=alert(1)>');
    expect(tagsOf(html)).toEqual(['ul', 'li', 'label', 'input']);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('countLinks', () => {
  it('counts written links and autolinks, not images or code', () => {
    expect(
      countLinks('[a](https://a.example) https://b.example <https://c.example> www.films.com'),
    ).toBe(4);
    expect(countLinks(`![x](${ourImage}) \`https://code.example\``)).toBe(0);
    expect(countLinks('[bad](javascript:alert(1))')).toBe(0);
  });

  it('counts only links that leave the site, not those to its own pages', () => {
    expect(countLinks('[Ann](/u/ann) [wrote](/forum/post/1?reply=2) [rules](about)')).toBe(0);
    expect(countLinks('[a](https://a.example) [b](/news/3)')).toBe(1);
  });
});

describe('plainExcerpt', () => {
  it('gives the words a reader sees, shortened at a word', () => {
    expect(plainExcerpt('# Title\n\nSome **bold** [link](https://a.example) and `code`')).toBe(
      'Title Some bold link and code',
    );
    const long = plainExcerpt('word '.repeat(100), 40);
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long.endsWith('word…')).toBe(true);
  });
});
