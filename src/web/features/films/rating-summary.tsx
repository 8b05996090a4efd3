import { Box, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { FilmDetail } from '../../../shared/films';
import { countOf } from './film-words';
import classes from './rating-summary.module.css';

/**
 * Ten bars, 10 at the top; on a phone, ten columns from 1 to 10, so the reviews start above
 * the fold. Plain elements with the look of Mantine's Progress: one list drawn either way.
 */
function Histogram({ histogram }: { histogram: readonly number[] }) {
  const most = Math.max(1, ...histogram);
  const rows = histogram.map((count, index) => ({ rating: index + 1, count })).reverse();
  return (
    <ul className={classes.bars} aria-label="Ratings from 10 to 1">
      {rows.map(({ rating, count }) => (
        <li
          key={rating}
          className={classes.bar}
          style={{ '--share': `${(count / most) * 100}%` } as CSSProperties}
        >
          <span className={classes.rating} aria-hidden>
            {rating}
          </span>
          <span className={classes.track} aria-hidden>
            <span className={classes.fill} />
          </span>
          <span className={classes.count} aria-hidden>
            {count}
          </span>
          <VisuallyHidden>
            {rating} out of 10: {countOf(count, 'rating', 'ratings')}
          </VisuallyHidden>
        </li>
      ))}
    </ul>
  );
}

/** The film's average to one decimal, how many rated it, and the spread of their ratings. */
export function RatingSummary({ film }: { film: FilmDetail }) {
  const average = film.reviewCount > 0 ? film.average : null;
  return (
    <Stack component="section" gap="sm" aria-labelledby="film-ratings">
      <Title order={2} size="h3" id="film-ratings">
        Ratings
      </Title>
      {average === null ? (
        <Text c="dimmed">No ratings yet</Text>
      ) : (
        <>
          <Text size="lg">
            <Text span fz={28} fw={700} lh={1}>
              {average.toFixed(1)}
            </Text>{' '}
            · {countOf(film.reviewCount, 'rating', 'ratings')}
          </Text>
          <Box maw={420}>
            <Histogram histogram={film.histogram} />
          </Box>
        </>
      )}
    </Stack>
  );
}
