import { EmptyState, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { LoadError, LoadingStatus } from '../../components/query-list';
import { IconListSearch } from '../../components/icons';
import { useFilms } from './api/get-films';
import { FilmCard } from './film-card';
import { FilmIndexFilters } from './film-index-filters';
import { countOf } from './film-words';
import { PageNav } from './page-nav';
import { filmIndexRequest, useFilmIndexView, type FilmIndexView } from './use-film-index-view';
export { prefetchFilmsPage } from './prefetch';

function emptyDescription(view: FilmIndexView): string {
  if (view.q !== '')
    return `No film’s title matches “${view.q}”${view.year || view.decade ? ' in these years' : ''}.`;
  if (view.year !== undefined || view.decade !== undefined)
    return 'No reviewed film from these years yet.';
  return 'Films appear here once someone reviews them.';
}

/** The films found, a page at a time. */
function FilmResults({ view, onPage }: { view: FilmIndexView; onPage: (page: number) => void }) {
  const request = useMemo(() => filmIndexRequest(view), [view]);
  const films = useFilms(request);
  if (films.isError && !films.data)
    return <LoadError title="Could not load the films" error={films.error} />;
  if (!films.data) return <LoadingStatus label="Loading the films" py="xl" />;
  const { items, total, pageCount } = films.data;
  if (items.length === 0) {
    return (
      <EmptyState
        py="xl"
        icon={<IconListSearch size={32} aria-hidden />}
        title="No films here"
        description={emptyDescription(view)}
      />
    );
  }
  return (
    <Stack gap="md">
      {films.isError && <LoadError title="Could not load the films" error={films.error} />}
      <Text size="sm" c="dimmed" role="status">
        {countOf(total, 'film', 'films')}
      </Text>
      <SimpleGrid
        component="ul"
        cols={{ base: 1, xs: 2, md: 3 }}
        spacing="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none', opacity: films.isPlaceholderData ? 0.6 : 1 }}
        aria-label="Films"
        aria-busy={films.isPlaceholderData}
      >
        {items.map((film) => (
          <FilmCard key={film.id} film={film} />
        ))}
      </SimpleGrid>
      <PageNav label="Film pages" page={view.page} pageCount={pageCount} onChange={onPage} />
    </Stack>
  );
}

/** /films: every reviewed film, by reviews, weighted rating, latest review or title. */
export function FilmsPage() {
  const { view, change } = useFilmIndexView();
  return (
    <Stack gap="lg">
      <Title order={1}>Films</Title>
      <FilmIndexFilters view={view} onChange={change} />
      <FilmResults view={view} onPage={(page) => change({ page }, { keepScroll: false })} />
    </Stack>
  );
}
