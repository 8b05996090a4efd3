import { render } from '@testing-library/react';
import { createElement, createRef, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as icons from '.';

const spriteIcons = Object.entries(icons).filter(([name]) => name.startsWith('Icon'));

/** Tabler's own component, from its file (the package's index loads all 6,000). */
async function tablerComponent(name: string) {
  const file = `@tabler/icons-react/dist/esm/icons/${name}.mjs`;
  const loaded = (await import(/* @vite-ignore */ file)) as {
    default: ComponentType<Record<string, unknown>>;
  };
  return loaded.default;
}

const openingTag = (html: string) => /^<svg[^>]*>/.exec(html)?.[0];

describe('an icon drawn from the sprite', () => {
  it('has the outer <svg> of Tabler’s component, for the props the app passes', async () => {
    const propSets: Record<string, unknown>[] = [
      {},
      { size: 16, 'aria-hidden': true },
      { size: 18, stroke: 1.5, color: 'red', className: 'mine', style: { opacity: 0.45 } },
      { size: 16, 'aria-label': 'Pinned', role: 'img' },
    ];
    expect(spriteIcons.length).toBeGreaterThan(50);
    for (const [name, Icon] of spriteIcons) {
      const Tabler = await tablerComponent(name);
      for (const props of propSets) {
        const ours = renderToStaticMarkup(createElement(Icon, props));
        const theirs = renderToStaticMarkup(createElement(Tabler, props));
        expect(openingTag(ours), `${name} ${JSON.stringify(props)}`).toBe(openingTag(theirs));
      }
    }
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
    expect(ref.current?.getAttribute('class')).toBe('tabler-icon tabler-icon-menu-2');
  });
});
