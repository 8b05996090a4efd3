import { describe, expect, it } from 'vitest';
import { applyPageHead, headHtml, jsonForScript, pageHead } from './head';

const site = { name: 'Viewpoint', description: 'Films and the people who love them.' };
const origin = 'https://films.example';

describe('pageHead', () => {
  it('titles a public page from the route table and the site name, with its social image', () => {
    expect(pageHead({ pathname: '/about', site, origin })).toMatchObject({
      title: 'About · Viewpoint',
      description: 'What this community is, who runs it and how it is moderated.',
      canonical: 'https://films.example/about',
      noindex: false,
      image: 'https://films.example/og/about.png',
    });
  });

  it('takes the title and description the page declares from its content', () => {
    const head = pageHead({
      pathname: '/forum/post/42',
      site,
      origin,
      declared: { title: 'Heat (1995)', description: 'A heist.', type: 'article' },
    });
    expect(head).toMatchObject({ title: 'Heat (1995) · Viewpoint', type: 'article' });
    expect(head.description).toBe('A heist.');
  });

  it('cuts a very long title at a word with an ellipsis', () => {
    const title = `${'word '.repeat(40)}end`;
    const head = pageHead({ pathname: '/forum/post/1', site, origin, declared: { title } });
    expect(head.title).toMatch(/^word( word)*… · Viewpoint$/);
    expect(head.title.length).toBeLessThanOrEqual(70 + ' · Viewpoint'.length);
  });

  it('keeps private pages, unknown paths and gone content out of search engines', () => {
    expect(pageHead({ pathname: '/admin', site, origin })).toMatchObject({
      noindex: true,
      image: null,
    });
    expect(pageHead({ pathname: '/nope', site, origin, status: 404 })).toMatchObject({
      title: 'Page Not Found · Viewpoint',
      noindex: true,
    });
    expect(
      pageHead({ pathname: '/forum/post/9', site, origin, status: 410, declared: { title: 'x' } }),
    ).toMatchObject({ title: 'Gone · Viewpoint', noindex: true, jsonLd: [] });
  });
});

describe('headHtml', () => {
  const hostile = `"Quotes" & <script>alert(1)</script> 🎬 עברית`;

  it('escapes titles and descriptions in every tag', () => {
    const html = headHtml(
      pageHead({
        pathname: '/forum/post/1',
        site,
        origin,
        declared: { title: hostile, description: hostile },
      }),
    );
    expect(html).not.toContain('<script>alert');
    expect(html).toContain(
      '&#34;Quotes&#34; &#38; &#60;script&#62;alert(1)&#60;/script&#62; 🎬 עברית',
    );
    expect(html).toContain('<link rel="canonical" href="https://films.example/forum/post/1" />');
    expect(html).toContain(
      '<meta property="og:image" content="https://films.example/og/forum/post/1.png" />',
    );
  });

  it('writes structured data that no text can break out of', () => {
    const html = headHtml(
      pageHead({
        pathname: '/forum/post/1',
        site,
        origin,
        declared: {
          jsonLd: [{ '@type': 'DiscussionForumPosting', headline: `</script>${hostile}` }],
        },
      }),
    );
    const scripts = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g) ?? [];
    expect(scripts).toHaveLength(1);
    const json = scripts[0]!.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '');
    expect(JSON.parse(json)).toEqual({
      '@type': 'DiscussionForumPosting',
      headline: `</script>${hostile}`,
    });
  });

  it('escapes the characters that could end a script element or a line', () => {
    expect(jsonForScript({ a: '</script><!--\u2028&' })).toBe(
      '{"a":"\\u003c/script\\u003e\\u003c!--\\u2028\\u0026"}',
    );
  });
});

describe('applyPageHead', () => {
  it('updates the tags the server wrote instead of adding new ones', () => {
    document.head.innerHTML =
      '<meta name="description" content="old"><link rel="canonical" href="http://old/">';

    applyPageHead(document, pageHead({ pathname: '/terms', site, origin: 'http://localhost' }));

    expect(document.title).toBe('Terms of service · Viewpoint');
    const descriptions = document.head.querySelectorAll('meta[name="description"]');
    expect(descriptions).toHaveLength(1);
    expect(descriptions[0]?.getAttribute('content')).toBe('The rules for using this community.');
    const canonicals = document.head.querySelectorAll('link[rel="canonical"]');
    expect(canonicals).toHaveLength(1);
    expect(canonicals[0]?.getAttribute('href')).toBe('http://localhost/terms');
  });

  it('drops the canonical link and adds noindex on a private page', () => {
    document.head.innerHTML = '<link rel="canonical" href="http://old/">';
    applyPageHead(document, pageHead({ pathname: '/admin', site, origin: 'http://x' }));
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
      'noindex',
    );
  });
});
