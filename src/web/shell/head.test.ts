import { describe, expect, it } from 'vitest';
import { applyPageHead, pageHead } from './head';

const site = { name: 'Viewpoint', description: 'Films and the people who love them.' };

describe('pageHead', () => {
  it('titles a page from the route table and the site name', () => {
    expect(pageHead('/about', site, 'https://films.example')).toEqual({
      title: 'About · Viewpoint',
      description: 'What this community is, who runs it and how it is moderated.',
      canonical: 'https://films.example/about',
    });
  });

  it('matches routes with parameters', () => {
    expect(pageHead('/forum/post/42', site, 'https://films.example').title).toBe(
      'Post · Viewpoint',
    );
  });

  it('titles unknown paths Page Not Found', () => {
    expect(pageHead('/nope', site, 'https://films.example')).toEqual({
      title: 'Page Not Found · Viewpoint',
      description: site.description,
      canonical: 'https://films.example/nope',
    });
  });
});

describe('applyPageHead', () => {
  it('updates the tags the server wrote instead of adding new ones', () => {
    document.head.innerHTML =
      '<meta name="description" content="old"><link rel="canonical" href="http://old/">';

    applyPageHead(document, {
      title: 'Terms of Service · Viewpoint',
      description: 'The rules.',
      canonical: 'http://localhost/terms',
    });

    expect(document.title).toBe('Terms of Service · Viewpoint');
    const descriptions = document.head.querySelectorAll('meta[name="description"]');
    expect(descriptions).toHaveLength(1);
    expect(descriptions[0]?.getAttribute('content')).toBe('The rules.');
    const canonicals = document.head.querySelectorAll('link[rel="canonical"]');
    expect(canonicals).toHaveLength(1);
    expect(canonicals[0]?.getAttribute('href')).toBe('http://localhost/terms');
  });

  it('creates the tags when they are missing', () => {
    document.head.innerHTML = '';
    applyPageHead(document, { title: 'Home · V', description: 'd', canonical: 'http://x/' });
    expect(document.head.querySelector('meta[name="description"]')).not.toBeNull();
    expect(document.head.querySelector('link[rel="canonical"]')).not.toBeNull();
  });
});
