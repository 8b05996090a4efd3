import type { ReactElement } from 'react';
import { clip } from './text.js';

/** The pieces every card is built of: its colours, boxes, text, kicker and title. */

export const colors = {
  background: '#0d0b09',
  strip: '#050404',
  hole: '#27221c',
  text: '#fbf7f0',
  muted: '#b9afa2',
  amber: '#ffc107',
  amberDeep: '#ff8f00',
  emptyStar: '#4a4036',
};

export type Style = Record<string, string | number>;
export type Child = ReactElement | string;

/** A satori node: the same object React's JSX would make. */
export const el = (type: string, props: Record<string, unknown>): ReactElement => ({
  type,
  key: null,
  props,
});
export const box = (style: Style, ...children: Child[]) =>
  el('div', { style: { display: 'flex', ...style }, children });
export const text = (style: Style, content: string) => el('div', { style, children: content });

/** The amber line above a card's title: what the page is. */
export function kicker(label: string): ReactElement {
  return box(
    { alignItems: 'center' },
    box({ width: 40, height: 6, borderRadius: 3, backgroundColor: colors.amber, marginRight: 16 }),
    text(
      {
        fontSize: 26,
        fontWeight: 700,
        letterSpacing: 4,
        textTransform: 'uppercase',
        color: colors.amber,
        lineClamp: 1,
        display: 'block',
      },
      label,
    ),
  );
}

/**
 * Shorter titles are drawn bigger. Each size's limit is what fits three lines of it, so a long
 * title is cut after a whole word; the line clamp only acts on unusually wide text.
 */
export function title(content: string): ReactElement {
  const length = [...content].length;
  const fontSize = length <= 28 ? 80 : length <= 50 ? 68 : length <= 78 ? 58 : 50;
  return text(
    {
      marginTop: 26,
      fontSize,
      fontWeight: 700,
      lineHeight: 1.14,
      color: colors.text,
      lineClamp: 3,
      display: 'block',
      wordBreak: 'break-word',
    },
    clip(content, 100),
  );
}
