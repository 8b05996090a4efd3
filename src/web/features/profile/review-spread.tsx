import { VisuallyHidden } from '@mantine/core';
import classes from './review-diary.module.css';

const reviewsWord = (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`;

/**
 * How a member rates: ten small bars, 1 to 10, each as tall as its share of the most given
 * rating. Screen readers hear each bar as "8 out of 10: 3 reviews".
 */
export function ReviewSpread({ spread, name }: { spread: readonly number[]; name: string }) {
  const most = Math.max(1, ...spread);
  return (
    <ul className={classes.spread} aria-label={`How ${name} rates`}>
      {spread.map((count, index) => {
        const rating = index + 1;
        return (
          <li key={rating} className={classes.column}>
            <span className={classes.track} aria-hidden>
              <span className={classes.bar} style={{ height: `${(count / most) * 100}%` }} />
            </span>
            <span className={classes.rating} aria-hidden>
              {rating}
            </span>
            <VisuallyHidden>
              {rating} out of 10: {reviewsWord(count)}
            </VisuallyHidden>
          </li>
        );
      })}
    </ul>
  );
}
