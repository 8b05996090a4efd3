import { Alert, Anchor, Badge, Group, Pagination, Stack, Tabs, Text } from '@mantine/core';
import { IconInfoCircle } from '../../components/icons';
import { useEffect } from 'react';
import {
  searchCategories,
  searchCategoryLabels,
  searchLimits,
  searchPageMax,
  type SearchCount,
  type SearchResult,
} from '../../../shared/search';
import { useFormats, type Formats } from '../../components/format-time';
import { LoadError, LoadingStatus } from '../../components/query-list';
import { PrefetchLink } from '../../shell/prefetch-link';
import { useSearch } from './api/search';
import { SearchHitRow } from './search-hits';
import type { SearchChange, SearchChangeOptions, SearchState } from './search-params';

/** "12", or "1,000+" when the category has more than search ranks. */
export function countLabel(count: SearchCount, format: Formats): string {
  return count.capped ? `${format.number(searchLimits.candidates)}+` : format.number(count.count);
}

/** The last page that holds results: search ranks at most `searchLimits.candidates`. */
export function lastPage(count: SearchCount | undefined, pageSize: number): number {
  if (!count || pageSize <= 0) return 1;
  return Math.max(1, Math.min(searchPageMax, Math.ceil(count.count / pageSize)));
}

/** Search leaves out words such as "the"; chat is for verified members. */
function SearchNotice({ notice }: { notice: SearchResult['notice'] }) {
  if (notice === 'only-common-words') {
    return (
      <Alert color="blue" icon={<IconInfoCircle aria-hidden />} title="Nothing to search for">
        Your search only had very common words such as “the” or “and”, which search leaves out. Add
        a more specific word.
      </Alert>
    );
  }
  if (notice === 'sign-in-for-chat') {
    return (
      <Alert color="blue" icon={<IconInfoCircle aria-hidden />} title="Chat is for members">
        Sign in with a verified email to search chat.{' '}
        <Anchor component={PrefetchLink} to="/auth/login?redirect=%2Fchat" inherit>
          Sign in
        </Anchor>
      </Alert>
    );
  }
  return null;
}

function ResultList({ result, busy }: { result: SearchResult; busy: boolean }) {
  const label = searchCategoryLabels[result.category];
  if (result.items.length === 0) {
    if (result.notice !== null) return null;
    return (
      <Text c="dimmed" py="md">
        {result.page > 1
          ? 'There are no more results.'
          : `No ${label.toLowerCase()} match “${result.q}”. Try other words or fewer filters.`}
      </Text>
    );
  }
  return (
    <Stack
      component="ul"
      gap="sm"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={`${label} results`}
      aria-busy={busy}
    >
      {result.items.map((hit) => (
        <SearchHitRow key={`${hit.kind}-${hit.id}`} hit={hit} />
      ))}
    </Stack>
  );
}

interface SearchResultsProps {
  state: SearchState;
  params: Record<string, string>;
  change: (change: SearchChange, options?: SearchChangeOptions) => void;
}

/**
 * The tab to open in place of the one shown: when the address names none and the first answer
 * finds nothing there, the first tab (in their order) that has results. Null to stay.
 */
function tabWithResults(state: SearchState, result: SearchResult | undefined) {
  if (state.categoryNamed || state.page !== 1 || !result) return null;
  if (result.category !== state.category || result.items.length > 0) return null;
  const found = searchCategories.find((category) => (result.counts[category]?.count ?? 0) > 0);
  return found && found !== state.category ? found : null;
}

/** One tab per category the reader may search, with its count; the chosen one's page below. */
export function SearchResults({ state, params, change }: SearchResultsProps) {
  const search = useSearch(params);
  const format = useFormats();
  const result = search.data;
  const counts = result?.counts ?? {};
  // A search opens where it found something; the empty tab is not a page of its own in history.
  const better = tabWithResults(state, search.isPlaceholderData ? undefined : result);
  useEffect(() => {
    if (better) change({ category: better }, { replace: true });
  }, [better, change]);
  // The tab asked for is shown even when the reader may not search it (chat, for visitors);
  // before the first answer, chat waits to be offered.
  const tabs = searchCategories.filter((category) =>
    category === state.category || result === undefined
      ? category !== 'chat' || category === state.category
      : counts[category] !== undefined,
  );
  const total = lastPage(counts[state.category], result?.pageSize ?? searchLimits.pageSize);

  return (
    <Stack gap="md">
      {result && <SearchNotice notice={result.notice} />}
      <Tabs
        value={state.category}
        onChange={(value) => {
          const category = searchCategories.find((entry) => entry === value);
          if (category) change({ category });
        }}
        keepMounted={false}
        // Each tab is a request and a history entry: arrows move, Enter or Space opens.
        activateTabWithKeyboard={false}
      >
        <Tabs.List>
          {tabs.map((category) => {
            const count = counts[category];
            return (
              <Tabs.Tab
                key={category}
                value={category}
                rightSection={
                  count && (
                    <Badge variant="light" size="sm" tt="none">
                      {countLabel(count, format)}
                    </Badge>
                  )
                }
              >
                {searchCategoryLabels[category]}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {tabs.map((category) => (
          <Tabs.Panel key={category} value={category} pt="md">
            {category === state.category && (
              <SearchPanel
                search={search}
                switching={better !== null}
                busy={search.isPlaceholderData}
                page={state.page}
                total={total}
                onPage={(page) => change({ page }, { keepScroll: false })}
              />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

interface SearchPanelProps {
  search: ReturnType<typeof useSearch>;
  /** Another tab is being opened: its results, not this tab's "nothing found", come next. */
  switching: boolean;
  busy: boolean;
  page: number;
  total: number;
  onPage: (page: number) => void;
}

function SearchPanel({ search, switching, busy, page, total, onPage }: SearchPanelProps) {
  if (search.isError && !search.data) {
    return <LoadError title="Could not search" error={search.error} />;
  }
  if (!search.data || switching) return <LoadingStatus label="Searching" py="xl" />;
  return (
    <Stack gap="lg">
      {search.isError && <LoadError title="Could not search" error={search.error} />}
      <ResultList result={search.data} busy={busy} />
      {total > 1 && (
        <Group justify="center" component="nav" aria-label="Result pages">
          <Pagination
            total={total}
            value={Math.min(page, total)}
            onChange={onPage}
            siblings={1}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
            })}
          />
        </Group>
      )}
    </Stack>
  );
}
