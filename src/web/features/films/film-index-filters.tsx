import { Alert, NativeSelect, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { filmLimits, latestFilmYear, type FilmIndexSort } from '../../../shared/films';
import { IconInfoCircle, IconSearch } from '../../components/icons';
import { useKeptChoices, useKeptTyping } from '../../shell/kept-typing';
import { SortControl } from './sort-control';
import type { FilmIndexChange, FilmIndexChangeOptions, FilmIndexView } from './use-film-index-view';

const sortOptions: { value: FilmIndexSort; label: string }[] = [
  { value: 'most-reviewed', label: 'Most reviewed' },
  { value: 'best-rated', label: 'Best rated' },
  { value: 'recent', label: 'Recently reviewed' },
  { value: 'title', label: 'A–Z' },
];

export const weightedAverageNote =
  'Ranked by a weighted average: each film’s ratings plus five at the site’s average, so a film with one 10/10 does not top the list.';

/** Every decade from the latest year's back to the first films': "2020s" … "1870s". */
function decadeOptions() {
  const options = [{ value: '', label: 'Any decade' }];
  const last = Math.floor(latestFilmYear() / 10) * 10;
  for (let decade = last; decade >= filmLimits.firstYear; decade -= 10) {
    options.push({ value: String(decade), label: `${decade}s` });
  }
  return options;
}

const SEARCH_DEBOUNCE_MS = 300;

/** The search box: typing goes to the address after a pause, replacing the entry it wrote. */
function FilmSearch({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(q);
  const written = useRef(q);
  const write = useDebouncedCallback((next: string) => {
    written.current = next.trim();
    onSearch(next.trim());
  }, SEARCH_DEBOUNCE_MS);
  // The server draws the index: a title typed before the app started stays, and is searched.
  useKeptTyping(['q'], (kept) => {
    if (kept.q === undefined) return;
    setText(kept.q);
    write(kept.q);
  });
  // Back or a link changed the address: the box follows it.
  useEffect(() => {
    if (q !== written.current) {
      written.current = q;
      setText(q);
    }
  }, [q]);
  return (
    <TextInput
      type="search"
      label="Search films"
      name="q"
      value={text}
      maxLength={filmLimits.titleMax}
      leftSection={<IconSearch size={16} aria-hidden />}
      onChange={(event) => {
        setText(event.currentTarget.value);
        write(event.currentTarget.value);
      }}
    />
  );
}

const isFilmYear = (value: string | number): value is number =>
  typeof value === 'number' && value >= filmLimits.firstYear && value <= latestFilmYear();

/** A year of four digits goes to the address; half a year typed waits, an empty box clears it. */
function YearInput({ year, onYear }: { year?: number; onYear: (year: number | null) => void }) {
  const [value, setValue] = useState<string | number>(year ?? '');
  useEffect(() => setValue(year ?? ''), [year]);
  return (
    <NumberInput
      label="Year"
      name="year"
      placeholder="Any year"
      min={filmLimits.firstYear}
      max={latestFilmYear()}
      allowDecimal={false}
      allowNegative={false}
      hideControls
      value={value}
      onChange={(next) => {
        setValue(next);
        if (next === '') onYear(null);
        else if (isFilmYear(next)) onYear(next);
      }}
    />
  );
}

interface FilmIndexFiltersProps {
  view: FilmIndexView;
  onChange: (change: FilmIndexChange, options?: FilmIndexChangeOptions) => void;
}

/** The index's title search, decade or year, and order; every choice goes to the address. */
export function FilmIndexFilters({ view, onChange }: FilmIndexFiltersProps) {
  // A decade, a year or an order chosen before the app started goes to the address, in one step.
  useKeptChoices(['decade', 'year', 'sort'], (kept) => onChange(kept));
  return (
    <Stack gap="sm">
      <FilmSearch q={view.q} onSearch={(q) => onChange({ q }, { replace: true })} />
      <SimpleGrid cols={2} spacing="sm" maw={420}>
        <NativeSelect
          label="Decade"
          name="decade"
          value={view.decade === undefined ? '' : String(view.decade)}
          onChange={(event) => onChange({ decade: event.currentTarget.value, year: null })}
          data={decadeOptions()}
        />
        <YearInput year={view.year} onYear={(year) => onChange({ year, decade: null })} />
      </SimpleGrid>
      <SortControl
        label="Sort films by"
        name="sort"
        value={view.sort}
        options={sortOptions}
        onChange={(sort) => onChange({ sort })}
      />
      {view.sort === 'best-rated' && (
        // A polite status, not Mantine's default alert: it explains a choice, it warns of nothing.
        <Alert variant="light" role="status" icon={<IconInfoCircle size={18} aria-hidden />} p="xs">
          {weightedAverageNote}
        </Alert>
      )}
    </Stack>
  );
}
