import { Badge, CloseButton, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { Category, PostSort } from '../../../shared/forum';
import type { PostFilters } from './api/get-posts';
import type { FilterChange } from './use-forum-filters';

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
}

/** Category, tag and sort of the thread list; every choice goes to the URL. */
export function ForumFilters({ categories, filters, onChange }: ForumFiltersProps) {
  // Archived categories take no new threads and are not offered as filters.
  const open = categories.filter((category) => !category.archived);
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <SegmentedControl
          aria-label="Category"
          value={filters.category ?? allCategories}
          onChange={(category) => onChange({ category })}
          data={[
            { value: allCategories, label: 'All' },
            ...open.map((category) => ({ value: category.slug, label: category.name })),
          ]}
        />
        <SegmentedControl
          aria-label="Sort threads by"
          value={filters.sort}
          onChange={(sort) => onChange({ sort })}
          data={sortOptions}
        />
      </Group>
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
