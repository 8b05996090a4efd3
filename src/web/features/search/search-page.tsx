import { Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import { can } from '../../../shared/permissions';
import { useCategories } from '../../api/get-categories';
import { useSession } from '../../api/session';
import { useDeclaredHead } from '../../shell/render-context';
import { rememberSearch } from './recent-searches';
import { SearchFilters } from './search-filters';
import { SearchForm } from './search-form';
import { searchRequestParams, useSearchState } from './search-params';
import { SearchResults } from './search-results';

/** The filters and results of a query; the categories are asked for only once there is one. */
function QueryResults({
  state,
  change,
  moderator,
}: Pick<ReturnType<typeof useSearchState>, 'state' | 'change'> & { moderator: boolean }) {
  const categories = useCategories();
  const params = useMemo(() => searchRequestParams(state, { moderator }), [state, moderator]);
  return (
    <Stack gap="lg">
      <SearchFilters
        state={state}
        categories={categories.data ?? []}
        moderator={moderator}
        onChange={change}
      />
      <SearchResults state={state} params={params} change={change} />
    </Stack>
  );
}

/**
 * /search: posts, replies, news, people and chat, one tab each. Everything the page shows
 * lives in its query string, so a search can be linked to and Back goes to the last one.
 */
export function SearchPage() {
  const { state, change } = useSearchState();
  const session = useSession();
  const moderator = can(session.data?.role, 'content.moderate');
  useDeclaredHead(
    state.q === ''
      ? undefined
      : { title: `“${state.q}” · Search`, description: `Search results for “${state.q}”.` },
  );

  return (
    <Stack gap="lg">
      <Title order={1}>Search</Title>
      <SearchForm
        key={state.q}
        q={state.q}
        onSearch={(q) => {
          rememberSearch(q);
          change({ q }, { keepScroll: false });
        }}
      />
      {state.q !== '' && <QueryResults state={state} change={change} moderator={moderator} />}
    </Stack>
  );
}
