import { Group } from '@mantine/core';
import { IconStar, IconStarFilled } from './icons';
import classes from './rating-stars.module.css';

export interface RatingStarsProps {
  /** 1 to 10. */
  rating: number;
  /** Icon size in pixels. */
  size?: number;
}

const outOf = 10;

/** A review's rating as ten stars, read by screen readers as "Rated 7 out of 10". */
export function RatingStars({ rating, size = 14 }: RatingStarsProps) {
  const filled = Math.max(0, Math.min(outOf, Math.round(rating)));
  return (
    <Group
      component="span"
      role="img"
      aria-label={`Rated ${filled} out of ${outOf}`}
      gap={1}
      wrap="nowrap"
      display="inline-flex"
      className={classes.stars}
    >
      {Array.from({ length: outOf }, (_, index) =>
        index < filled ? (
          <IconStarFilled key={index} size={size} aria-hidden />
        ) : (
          <IconStar key={index} size={size} aria-hidden style={{ opacity: 0.45 }} />
        ),
      )}
    </Group>
  );
}
