import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { FilmSummary } from '../../../shared/films';
import { PrefetchLink } from '../../shell/prefetch-link';
import rows from '../../components/rows.module.css';
import { FilmPoster } from './film-poster';
import { countOf } from './film-words';

/** A film in the index: poster, title (to its page), year, average and number of reviews. */
export function FilmCard({ film }: { film: FilmSummary }) {
  return (
    <Paper component="li" withBorder p="sm">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <FilmPoster film={film} width={64} />
        <Stack gap={2} miw={0}>
          <Title order={2} size="h5">
            <PrefetchLink to={film.url} className={rows.title}>
              {film.title}
            </PrefetchLink>
          </Title>
          <Text size="sm" c="dimmed">
            {film.year ?? 'Year unknown'}
          </Text>
          <Text size="sm">
            {film.average === null || film.reviewCount === 0 ? (
              'No ratings yet'
            ) : (
              <>
                <Text span fw={700} inherit>
                  {film.average.toFixed(1)}
                </Text>{' '}
                · {countOf(film.reviewCount, 'review', 'reviews')}
              </>
            )}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
