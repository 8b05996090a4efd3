import { Stack, Text, Title } from '@mantine/core';
import type { ProfileReview } from '../../../shared/profiles';
import { useFormats } from '../../components/format-time';
import { QueryList } from '../../components/query-list';
import rows from '../../components/rows.module.css';
import { PrefetchLink } from '../../shell/prefetch-link';
import { useProfileReviews } from './api/get-profile-reviews';
import classes from './review-diary.module.css';
import { ReviewSpread } from './review-spread';

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/*
 * Months and days are the UTC ones, in English: the server draws the page the same as the
 * browser then does, and a review never sits under one month while its date says another.
 */
const monthOf = (iso: string) => {
  const date = new Date(iso);
  return `${months[date.getUTCMonth()] ?? ''} ${date.getUTCFullYear()}`;
};
const dayOf = (iso: string) => {
  const date = new Date(iso);
  return `${date.getUTCDate()} ${months[date.getUTCMonth()]?.slice(0, 3) ?? ''}`;
};

/** Consecutive reviews of the same month together, newest month first (the list's order). */
function byMonth(items: readonly ProfileReview[]) {
  const groups: { month: string; items: ProfileReview[] }[] = [];
  for (const item of items) {
    const month = monthOf(item.createdAt);
    const last = groups.at(-1);
    if (last?.month === month) last.items.push(item);
    else groups.push({ month, items: [item] });
  }
  return groups;
}

function DiaryEntry({ review }: { review: ProfileReview }) {
  const format = useFormats();
  const { film } = review;
  return (
    <li className={classes.entry}>
      <time
        className={classes.date}
        dateTime={review.createdAt}
        title={format.full(review.createdAt)}
      >
        {dayOf(review.createdAt)}
      </time>
      <span className={classes.what}>
        <PrefetchLink to={film.url} className={`${rows.link} ${classes.film}`}>
          {film.year === null ? film.title : `${film.title} (${film.year})`}
        </PrefetchLink>
        <PrefetchLink to={`/forum/post/${review.id}`} className={`${rows.link} ${rows.small}`}>
          {review.title}
        </PrefetchLink>
      </span>
      <span className={classes.rating}>{review.rating}/10</span>
    </li>
  );
}

/** A member's reviews as a diary by month, with how they rate above it. */
export function ReviewDiary({ username, name }: { username: string; name: string }) {
  const reviews = useProfileReviews(username);
  const first = reviews.data?.pages[0];
  const total = first?.spread.reduce((sum, count) => sum + count, 0) ?? 0;

  return (
    <Stack gap="lg">
      {first && total > 0 && (
        <Stack component="section" gap="xs" aria-labelledby="review-spread">
          <Title order={2} size="h5" id="review-spread">
            Ratings
          </Title>
          <ReviewSpread spread={first.spread} name={name} />
        </Stack>
      )}
      <QueryList
        query={reviews}
        items={reviews.data?.pages.flatMap((page) => page.items) ?? []}
        label={`Reviews by ${name}`}
        subject="the reviews"
        empty={<Text c="dimmed">No reviews yet.</Text>}
        moreLabel="Load more reviews"
        renderItems={(items, list) => (
          <Stack gap="md" aria-label={list.label} aria-busy={list.busy} role="region">
            {byMonth(items).map((group) => (
              <section key={group.month} className={classes.month} aria-label={group.month}>
                <h2 className={classes.monthTitle}>{group.month}</h2>
                <ul className={classes.entries}>
                  {group.items.map((review) => (
                    <DiaryEntry key={review.id} review={review} />
                  ))}
                </ul>
              </section>
            ))}
          </Stack>
        )}
      />
    </Stack>
  );
}
