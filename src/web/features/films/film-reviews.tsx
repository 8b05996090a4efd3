import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { FilmResponse, FilmReviewSort } from '../../../shared/films';
import { useKeptChoices } from '../../shell/kept-typing';
import { PrefetchLink } from '../../shell/prefetch-link';
import type { FilmReviewsView } from './api/get-film';
import { FilmReviewRow } from './film-review-row';
import { PageNav } from './page-nav';
import { SortControl } from './sort-control';

const sortOptions: { value: FilmReviewSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'highest', label: 'Highest rated' },
  { value: 'lowest', label: 'Lowest rated' },
  { value: 'liked', label: 'Most liked' },
];

interface FilmReviewsProps {
  reviews: FilmResponse['reviews'];
  view: FilmReviewsView;
  /** A new sort or page is loading: the reviews shown are the last ones. */
  busy: boolean;
  onChange: (change: Partial<Record<keyof FilmReviewsView, string | number>>) => void;
}

/** The film's reviews, in the order chosen, a page at a time. */
export function FilmReviews({ reviews, view, busy, onChange }: FilmReviewsProps) {
  // The server draws the film page: an order chosen before the app started is followed.
  useKeptChoices(['sort'], (kept) => {
    if (kept.sort) onChange({ sort: kept.sort });
  });
  return (
    <Stack component="section" gap="md" aria-labelledby="film-reviews">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3" id="film-reviews">
          Reviews
        </Title>
        <Button component={PrefetchLink} to="/add-new" variant="default" size="xs">
          Write a review
        </Button>
      </Group>
      {reviews.items.length === 0 && reviews.page <= 1 ? (
        <Text c="dimmed">No reviews yet: be the first to review this film.</Text>
      ) : (
        <>
          <SortControl
            label="Sort reviews by"
            name="sort"
            value={view.sort}
            options={sortOptions}
            onChange={(sort) => onChange({ sort })}
          />
          <Stack
            component="ul"
            gap="sm"
            p={0}
            m={0}
            style={{ listStyle: 'none', opacity: busy ? 0.6 : 1 }}
            aria-label="Reviews"
            aria-busy={busy}
          >
            {reviews.items.map((review) => (
              <FilmReviewRow key={review.id} review={review} />
            ))}
          </Stack>
          {reviews.items.length === 0 && <Text c="dimmed">No reviews on this page.</Text>}
          <PageNav
            label="Review pages"
            page={view.page}
            pageCount={reviews.pageCount}
            onChange={(page) => onChange({ page })}
          />
        </>
      )}
    </Stack>
  );
}
