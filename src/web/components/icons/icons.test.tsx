import { render } from '@testing-library/react';
import { createElement, createRef, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as icons from '.';
import spriteUrl from './sprite.svg?url&no-inline';

const sprite = readFileSync(path.join(import.meta.dirname, 'sprite.svg'), 'utf8');

const spriteIcons = Object.entries(icons).filter(([name]) => name.startsWith('Icon'));

/** Tabler's own component, from its file (the package's index loads all 6,000). */
async function tablerComponent(name: string) {
  const file = `@tabler/icons-react/dist/esm/icons/${name}.mjs`;
  const loaded = (await import(/* @vite-ignore */ file)) as {
    default: ComponentType<Record<string, unknown>>;
  };
  return loaded.default;
}

const openingTag = (html: string) => /^<svg[^>]*>/.exec(html)?.[0] ?? '';

/** An element's attributes from its opening tag, under their SVG names. */
function attributesOf(tag: string): Record<string, string> {
  const pairs = [...tag.matchAll(/ ([\w:-]+)="([^"]*)"/g)].map(
    ([, name, value]): [string, string] => [name ?? '', value ?? ''],
  );
  return Object.fromEntries(pairs);
}

/** The sprite's symbol of an icon, as the built file holds it. */
function symbolOf(name: string): Record<string, string> {
  const tag = new RegExp(`<symbol id="${name}"[^>]*>`).exec(sprite)?.[0];
  if (!tag) throw new Error(`no symbol ${name} in the sprite`);
  const { style, ...attributes } = attributesOf(tag);
  // `stroke-width:var(--icon-stroke,2)`: Tabler's width unless an icon sets its own.
  const width = /stroke-width:var\(--icon-stroke,([\d.]+)\)/.exec(style ?? '')?.[1];
  return width === undefined ? attributes : { ...attributes, 'stroke-width': width };
}

const paint = ['fill', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin'];

describe('an icon drawn from the sprite', () => {
  it('is painted by its symbol as Tabler paints its own component', async () => {
    expect(spriteIcons.length).toBeGreaterThan(50);
    for (const [name, Icon] of spriteIcons) {
      const Tabler = await tablerComponent(name);
      const theirs = attributesOf(openingTag(renderToStaticMarkup(createElement(Tabler, {}))));
      const symbolName = /tabler-icon-([\w-]+)/.exec(theirs.class ?? '')?.[1] ?? '';
      const symbol = symbolOf(symbolName);
      for (const attribute of paint) {
        expect(symbol[attribute], `${name} ${attribute}`).toBe(theirs[attribute]);
      }
      expect(symbol.viewBox).toBe(theirs.viewBox);
      // The page's element says only its size: the paint is the symbol's.
      const ours = renderToStaticMarkup(createElement(Icon, { size: 16, 'aria-hidden': true }));
      expect(ours).toBe(
        `<svg width="16" height="16" aria-hidden="true"><use href="${spriteUrl}#${symbolName}"></use></svg>`,
      );
    }
  });

  it('takes a colour and a stroke width through the <use>, and the other props as given', () => {
    const html = renderToStaticMarkup(
      <icons.IconStar
        size={18}
        stroke={1.5}
        color="red"
        className="mine"
        style={{ opacity: 0.45 }}
        role="img"
        aria-label="Star"
      />,
    );
    expect(openingTag(html)).toBe(
      '<svg width="18" height="18" style="opacity:0.45;color:red;--icon-stroke:1.5" class="mine" role="img" aria-label="Star">',
    );
  });

  it('uses the symbol of its Tabler name, after a title when given one', () => {
    const html = renderToStaticMarkup(<icons.IconHeartFilled title="Liked" />);
    expect(html).toMatch(
      /<title>Liked<\/title><use href="[^"#]*sprite\.svg[^"#]*#heart-filled"><\/use><\/svg>$/,
    );
  });

  it('passes a ref to the <svg>', () => {
    const ref = createRef<SVGSVGElement>();
    render(<icons.IconMenu2 ref={ref} />);
    expect(ref.current?.querySelector('use')?.getAttribute('href')).toMatch(/#menu-2$/);
  });
});
