import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '../../components/icons';
import { useId, useState } from 'react';
import type { Category } from '../../../shared/forum';
import { searchCategoryLabels, type SearchCategory } from '../../../shared/search';
import {
  filtersByCategory,
  searchFilterNames,
  type SearchChange,
  type SearchFilterName,
  type SearchState,
} from './search-params';
import classes from './search-page.module.css';
import { useKeptChoices } from '../../shell/kept-typing';

interface SearchFiltersProps {
  state: SearchState;
  categories: readonly Category[];
  /** Moderators may include hidden content, or look at it alone. */
  moderator: boolean;
  onChange: (change: SearchChange) => void;
}

const ratingOptions = [
  { value: '', label: 'Any rating' },
  ...Array.from({ length: 10 }, (_, index) => ({
    value: String(index + 1),
    label: `${index + 1} or more`,
  })),
];

const hiddenOptions = [
  { value: '', label: 'Leave out hidden content' },
  { value: 'include', label: 'Include hidden content' },
  { value: 'only', label: 'Only hidden content' },
];

const day = /^\d{4}-\d{2}-\d{2}$/;

const filterWords: Record<SearchFilterName, string> = {
  forumCategory: 'forum category',
  author: 'author',
  from: 'start date',
  to: 'end date',
  minRating: 'minimum rating',
  hidden: 'hidden content',
};

/** Why a tab finds nothing: "People cannot be narrowed by the author filter, so …". */
function misfitNote(category: SearchCategory, names: readonly SearchFilterName[]): string {
  const words = names.map((name) => filterWords[name]);
  const last = words.pop() ?? '';
  const list = words.length > 0 ? `${words.join(', ')} and ${last}` : last;
  const noun = names.length === 1 ? 'filter' : 'filters';
  const verb = names.length === 1 ? 'it is' : 'they are';
  return `${searchCategoryLabels[category]} cannot be narrowed by the ${list} ${noun}, so nothing is found here while ${verb} set.`;
}

/** The author's field applies when left or on Enter, not on every key. */
function AuthorFilter({ value, onChange }: { value: string; onChange: (author: string) => void }) {
  const [draft, setDraft] = useState(value);
  const apply = () => {
    const author = draft.trim().replace(/^@/, '');
    if (author !== value) onChange(author);
  };
  return (
    <TextInput
      label="Author"
      name="author"
      placeholder="username"
      value={draft}
      maxLength={40}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply();
      }}
    />
  );
}

/**
 * What narrows the results: forum category (posts and replies), author, dates, minimum rating
 * (reviews) and, for moderators, hidden content. Phones fold them away behind one button.
 */
export function SearchFilters({ state, categories, moderator, onChange }: SearchFiltersProps) {
  // The hidden filter counts only for those who may use it: the server never hears it otherwise.
  const isSet = (name: SearchFilterName) =>
    state[name] !== undefined && (name !== 'hidden' || moderator);
  const active = searchFilterNames.filter(isSet).length;
  const [opened, { toggle }] = useDisclosure(active > 0);
  // The server draws the filters: one changed before the app started is applied once it has.
  useKeptChoices(searchFilterNames, (kept) => onChange(kept));
  const panelId = useId();
  const applies = filtersByCategory[state.category];
  // A filter shows where it applies, and wherever it is set, so it can always be undone.
  const shown = (name: SearchFilterName) => applies.includes(name) || isSet(name);
  const misfits = searchFilterNames.filter((name) => isSet(name) && !applies.includes(name));
  const categoryOptions = [
    { value: '', label: 'All categories' },
    ...categories.map((category) => ({ value: category.slug, label: category.name })),
  ];
  const setDay = (name: 'from' | 'to', value: string) => {
    if (value === '' || day.test(value)) onChange({ [name]: value });
  };

  return (
    <Stack gap="xs">
      <Button
        variant="default"
        hiddenFrom="sm"
        leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
        aria-expanded={opened}
        aria-controls={panelId}
        onClick={toggle}
        style={{ alignSelf: 'flex-start' }}
      >
        {active > 0 ? `Filters (${active})` : 'Filters'}
      </Button>
      <div id={panelId} className={classes.filters} data-collapsed={opened ? undefined : true}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            {shown('forumCategory') && (
              <NativeSelect
                label="Forum category"
                name="forumCategory"
                value={state.forumCategory ?? ''}
                data={categoryOptions}
                onChange={(event) => onChange({ forumCategory: event.currentTarget.value })}
              />
            )}
            {shown('author') && (
              <AuthorFilter
                key={state.author ?? ''}
                value={state.author ?? ''}
                onChange={(author) => onChange({ author })}
              />
            )}
            {shown('from') && (
              <TextInput
                type="date"
                label="From"
                name="from"
                value={state.from ?? ''}
                max={state.to}
                onChange={(event) => setDay('from', event.currentTarget.value)}
              />
            )}
            {shown('to') && (
              <TextInput
                type="date"
                label="To"
                name="to"
                value={state.to ?? ''}
                min={state.from}
                onChange={(event) => setDay('to', event.currentTarget.value)}
              />
            )}
            {shown('minRating') && (
              <NativeSelect
                label="Minimum rating"
                name="minRating"
                value={state.minRating === undefined ? '' : String(state.minRating)}
                data={ratingOptions}
                onChange={(event) => onChange({ minRating: event.currentTarget.value })}
              />
            )}
            {moderator && (
              <NativeSelect
                label="Hidden content"
                name="hidden"
                value={state.hidden ?? ''}
                data={hiddenOptions}
                onChange={(event) => onChange({ hidden: event.currentTarget.value })}
              />
            )}
          </SimpleGrid>
          {misfits.length > 0 && <Text size="sm">{misfitNote(state.category, misfits)}</Text>}
          {active > 0 && (
            <Group>
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() =>
                  onChange(Object.fromEntries(searchFilterNames.map((name) => [name, null])))
                }
              >
                Clear filters
              </Button>
            </Group>
          )}
        </Stack>
      </div>
    </Stack>
  );
}
