import type { ReactElement } from 'react';
import type { FilmPreview } from '../films/index.js';
import { box, colors, kicker, text, title, type Child } from './card-parts.js';
import { clip, drawable, drawableOr, type TextRule } from './text.js';

/** What a film's card draws (besides the site's name): the film's preview. */
export interface FilmCard extends FilmPreview {
  kind: 'film';
}

/** "7.4 / 10 · 23 ratings", or "No ratings yet". */
export function ratingLine(card: Pick<FilmCard, 'average' | 'reviewCount'>): string {
  if (card.average === null || card.reviewCount === 0) return 'No ratings yet';
  const count = `${card.reviewCount} ${card.reviewCount === 1 ? 'rating' : 'ratings'}`;
  return `${card.average.toFixed(1)} / 10 · ${count}`;
}

const barsHeight = 220;

/**
 * Ten bars, 1/10 to 10/10, each as tall as its share of the most common rating; a rating no
 * one gave is a dark stub, so the scale still reads.
 */
function histogram(counts: readonly number[]): ReactElement {
  const most = Math.max(1, ...counts);
  const bars = Array.from({ length: 10 }, (_, index) => {
    const count = counts[index] ?? 0;
    return box(
      {
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'flex-end',
        width: 32,
        marginLeft: index === 0 ? 0 : 6,
      },
      box({
        width: 26,
        height: Math.max(6, Math.round((count / most) * barsHeight)),
        borderRadius: 4,
        backgroundColor: count > 0 ? colors.amber : colors.emptyStar,
      }),
      text({ marginTop: 10, fontSize: 22, color: colors.muted }, String(index + 1)),
    );
  });
  return box(
    { alignItems: 'flex-end', height: barsHeight + 40, marginLeft: 56, flexShrink: 0 },
    ...bars,
  );
}

/** A film: its title, year and director on the left, its average and its ratings' bars. */
export function filmLayout(card: FilmCard, rule: TextRule): Child[] {
  const details = [
    ...(card.year === null ? [] : [String(card.year)]),
    ...(card.director ? [clip(drawable(card.director, rule), 40)] : []),
  ].filter((part) => part !== '');
  const rated = card.average !== null && card.reviewCount > 0;
  const [figure, count] = rated ? ratingLine(card).split(' · ') : [ratingLine(card), undefined];
  return [
    box(
      { alignItems: 'center' },
      box(
        { flexDirection: 'column', flexGrow: 1, flexShrink: 1, minWidth: 0 },
        kicker('Film'),
        title(drawableOr(card.title, 'A film', rule)),
        ...(details.length > 0
          ? [
              text(
                {
                  marginTop: 14,
                  fontSize: 34,
                  color: colors.muted,
                  lineClamp: 1,
                  display: 'block',
                },
                details.join(' · '),
              ),
            ]
          : []),
        box(
          { alignItems: 'baseline', marginTop: 26 },
          text(
            { fontSize: 40, fontWeight: 700, color: rated ? colors.amber : colors.muted },
            figure ?? '',
          ),
          ...(count
            ? [text({ marginLeft: 14, fontSize: 32, color: colors.muted }, `· ${count}`)]
            : []),
        ),
      ),
      histogram(card.histogram),
    ),
  ];
}
