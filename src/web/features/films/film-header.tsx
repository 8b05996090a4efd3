import { Group, Stack, Text, Title } from '@mantine/core';
import type { FilmDetail } from '../../../shared/films';
import { FilmPoster } from './film-poster';
import { FollowButton } from './follow-button';

/** The film's title, year, original title, director and poster, and following it. */
export function FilmHeader({ film }: { film: FilmDetail }) {
  const showOriginal = film.originalTitle !== null && film.originalTitle !== film.title;
  return (
    <Group align="flex-start" gap="lg" wrap="nowrap">
      <FilmPoster film={film} width={120} zoomable />
      <Stack gap={4} miw={0}>
        <Title order={1} id="film-title" style={{ overflowWrap: 'anywhere' }}>
          {film.title}
        </Title>
        <Text size="lg" c="dimmed">
          {film.year ?? 'Year unknown'}
        </Text>
        {showOriginal && (
          <Text size="sm">
            Original title:{' '}
            <Text span fs="italic" inherit>
              {film.originalTitle}
            </Text>
          </Text>
        )}
        {film.director !== null && <Text size="sm">Directed by {film.director}</Text>}
        <FollowButton film={film} />
      </Stack>
    </Group>
  );
}
