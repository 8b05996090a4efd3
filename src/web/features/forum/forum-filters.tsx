import {
  Badge,
  CloseButton,
  Group,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import type { Category, PostSort } from '../../../shared/forum';
import type { PostFilters } from './api/get-posts';
import type { FilterChange } from './use-forum-filters';
import { useKeptChoices } from '../../shell/kept-typing';

const sortOptions: { value: PostSort; label: string }[] = [
  { value: 'latest', label: 'Latest activity' },
  { value: 'newest', label: 'Newest' },
  { value: 'top', label: 'Top' },
];

const allCategories = '';

interface ForumFiltersProps {
  categories: readonly Category[];
  filters: PostFilters;
  onChange: (change: FilterChange) => void;
  /** Only members have a reading of each thread, so only they get the New filter. */
  signedIn: boolean;
}

/** Category, tag, sort and "new" of the thread list; every choice goes to the URL. */
export function ForumFilters({ categories, filters, onChange, signedIn }: ForumFiltersProps) {
  // The server draws the filters: a choice made before the app started is applied once it has.
  useKeptChoices(['category', 'sort'], (kept) => onChange(kept));
  // Archived categories take no new threads and are not offered as filters.
  const categoryOptions = [
    { value: allCategories, label: 'All' },
    ...categories
      .filter((category) => !category.archived)
      .map((category) => ({ value: category.slug, label: category.name })),
  ];
  return (
    <Stack gap="sm">
      {/* Phones get two selects: a row of every category does not fit 390 px. */}
      <SimpleGrid cols={2} spacing="sm" hiddenFrom="sm">
        <NativeSelect
          label="Category"
          name="category"
          value={filters.category ?? allCategories}
          onChange={(event) => onChange({ category: event.currentTarget.value })}
          data={categoryOptions}
        />
        <NativeSelect
          label="Sort by"
          name="sort"
          value={filters.sort}
          onChange={(event) => onChange({ sort: event.currentTarget.value })}
          data={sortOptions}
        />
      </SimpleGrid>
      <Group justify="space-between" gap="sm" visibleFrom="sm">
        <SegmentedControl
          aria-label="Category"
          name="category"
          value={filters.category ?? allCategories}
          onChange={(category) => onChange({ category })}
          data={categoryOptions}
        />
        <SegmentedControl
          aria-label="Sort threads by"
          name="sort"
          value={filters.sort}
          onChange={(sort) => onChange({ sort })}
          data={sortOptions}
        />
      </Group>
      {signedIn && (
        <Switch
          label="Only new"
          description="Threads you have not opened, or with replies since you last read them"
          checked={filters.filter === 'new'}
          onChange={(event) => onChange({ filter: event.currentTarget.checked ? 'new' : null })}
        />
      )}
      {filters.tag && (
        <Group gap="xs">
          <Text size="sm">Tagged</Text>
          <Badge
            variant="light"
            style={{ textTransform: 'none' }}
            rightSection={
              <CloseButton
                size="xs"
                variant="transparent"
                aria-label={`Remove tag filter ${filters.tag}`}
                onClick={() => onChange({ tag: null })}
              />
            }
          >
            #{filters.tag}
          </Badge>
        </Group>
      )}
    </Stack>
  );
}
