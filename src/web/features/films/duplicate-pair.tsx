import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { FilmSummary } from '../../../shared/films';
import rows from '../../components/rows.module.css';
import { PrefetchLink } from '../../shell/prefetch-link';
import { countOf, filmLabel } from './film-words';

export interface PairMerge {
  /** The film merged away. */
  from: FilmSummary;
  /** The film that stays. */
  into: FilmSummary;
}

/**
 * Names for the two films of a pair that tell them apart: their titles and years, and their
 * numbers when those are the same (which is why they are listed).
 */
export function pairLabels(a: FilmSummary, b: FilmSummary): [string, string] {
  const [first, second] = [filmLabel(a), filmLabel(b)];
  return first === second ? [`${first}, no. ${a.id}`, `${second}, no. ${b.id}`] : [first, second];
}

function PairFilm({ film, label }: { film: FilmSummary; label: string }) {
  return (
    <Stack gap={2} miw={0}>
      <Title order={2} size="h5">
        <PrefetchLink to={film.url} className={rows.title}>
          {label}
        </PrefetchLink>
      </Title>
      <Text size="sm" c="dimmed">
        {film.year ?? 'Year unknown'} · {film.director ?? 'Director unknown'}
      </Text>
      <Text size="sm">{countOf(film.reviewCount, 'review', 'reviews')}</Text>
    </Stack>
  );
}

/** Long titles wrap inside the button instead of leaving a phone's screen. */
const wrapping = {
  root: { height: 'auto', minHeight: 30 },
  label: { whiteSpace: 'normal' },
} as const;

/** Two films that may be one, with a merge each way. */
export function DuplicatePair({
  a,
  b,
  onMerge,
}: {
  a: FilmSummary;
  b: FilmSummary;
  onMerge: (merge: PairMerge) => void;
}) {
  const [labelA, labelB] = pairLabels(a, b);
  return (
    <Paper component="li" withBorder p="md">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <PairFilm film={a} label={labelA} />
          <PairFilm film={b} label={labelB} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <Button
            variant="default"
            size="xs"
            styles={wrapping}
            onClick={() => onMerge({ from: b, into: a })}
          >
            Merge ‘{labelB}’ into ‘{labelA}’
          </Button>
          <Button
            variant="default"
            size="xs"
            styles={wrapping}
            onClick={() => onMerge({ from: a, into: b })}
          >
            Merge ‘{labelA}’ into ‘{labelB}’
          </Button>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
