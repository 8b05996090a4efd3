import '@mantine/spotlight/styles.css';
import { Button, Group, Loader, Modal, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import { IconArrowRight, IconHistory, IconSearch, IconTrash } from '../../components/icons';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  searchCategoryLabels,
  searchLimits,
  searchHitPath,
  type SearchHit,
} from '../../../shared/search';
import { useQuickSearch } from './api/quick-search';
import { filmLabel, filmRatingLine } from './film-hit-words';
import { HighlightedText } from './highlighted-text';
import classes from './quick-search.module.css';
import pageClasses from './search-page.module.css';
import { clearRecentSearches, rememberSearch, useRecentSearches } from './recent-searches';

/** Typing waits this long before asking the server: one request per pause, not per key. */
export const QUICK_SEARCH_DEBOUNCE_MS = 200;

const [store, spotlight] = createSpotlight();
const styles = Spotlight.classes;

/** A group of actions under a heading that assistive technology reads (Mantine's is CSS). */
function ActionGroup({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id}>
      <Text id={id} size="xs" fw={700} tt="uppercase" c="dimmed" ps="md" mt="sm" mb={4}>
        {label}
      </Text>
      {children}
    </div>
  );
}

function describe(hit: SearchHit): { title: ReactNode; detail: ReactNode } {
  switch (hit.kind) {
    case 'posts':
      return {
        title: <HighlightedText parts={hit.title} />,
        detail: `${hit.category.name} · ${hit.author.name}`,
      };
    case 'films':
      return { title: filmLabel(hit), detail: filmRatingLine(hit) };
    case 'replies':
      return {
        title: `Reply in ${hit.postTitle}`,
        detail: <HighlightedText parts={hit.snippet} />,
      };
    case 'news':
      return {
        title: <HighlightedText parts={hit.title} />,
        detail: <HighlightedText parts={hit.snippet} />,
      };
    case 'users':
      return { title: hit.name, detail: `@${hit.username}` };
    case 'chat':
      return {
        title: `Message in ${hit.roomName}`,
        detail: <HighlightedText parts={hit.snippet} />,
      };
  }
}

function HitAction({ hit, onOpen }: { hit: SearchHit; onOpen: (hit: SearchHit) => void }) {
  const { title, detail } = describe(hit);
  return (
    <Spotlight.Action onClick={() => onOpen(hit)}>
      <span className={styles.actionBody}>
        <span className={`${styles.actionLabel ?? ''} ${classes.line}`}>{title}</span>
        <span className={`${styles.actionDescription ?? ''} ${classes.line}`}>{detail}</span>
      </span>
    </Spotlight.Action>
  );
}

function RecentSearches({ onSearch }: { onSearch: (q: string) => void }) {
  const recent = useRecentSearches();
  if (recent.length === 0) {
    return (
      <Spotlight.Empty>
        Search posts, films, replies, news, people and chat as you type.
      </Spotlight.Empty>
    );
  }
  return (
    <ActionGroup label="Recent searches">
      {recent.map((q) => (
        <Spotlight.Action
          key={q}
          label={q}
          leftSection={<IconHistory size={18} aria-hidden />}
          onClick={() => onSearch(q)}
        />
      ))}
      <Spotlight.Action
        label="Clear"
        leftSection={<IconTrash size={18} aria-hidden />}
        closeSpotlightOnTrigger={false}
        onClick={clearRecentSearches}
      />
    </ActionGroup>
  );
}

interface QuickSearchProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Ctrl+K / ⌘K: results while typing, a few per category; arrows move, Enter opens. The first
 * action searches the whole site for what was typed. With an empty box, the recent searches.
 */
export default function QuickSearch({ opened, onClose }: QuickSearchProps) {
  const [query, setQuery] = useState('');
  const typed = query.trim().slice(0, searchLimits.queryMax);
  const [debounced] = useDebouncedValue(typed, QUICK_SEARCH_DEBOUNCE_MS);
  const results = useQuickSearch(debounced);
  const navigate = useNavigate();

  useEffect(() => {
    if (!opened) {
      spotlight.close();
      return;
    }
    // Each opening starts empty, with the recent searches: reopened while the last one still
    // fades out (right after a pick), the box would otherwise keep the old text.
    setQuery('');
    spotlight.open();
  }, [opened]);

  const searchFor = (q: string) => {
    rememberSearch(q);
    void navigate(`/search?${new URLSearchParams({ q }).toString()}`);
  };
  const openHit = (hit: SearchHit) => {
    rememberSearch(typed);
    void navigate(searchHitPath(hit));
  };

  const answer = debounced === '' ? undefined : results.data;
  const groups = answer?.groups.filter((group) => group.items.length > 0) ?? [];
  const waiting = typed !== debounced || results.isFetching;

  return (
    <Spotlight.Root
      store={store}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      onSpotlightClose={onClose}
      scrollable
      maxHeight={460}
    >
      <Modal.Title className={pageClasses.visuallyHidden}>Quick search</Modal.Title>
      <Spotlight.Search
        aria-label="Search the site"
        placeholder="Search posts, films, people…"
        maxLength={searchLimits.queryMax}
        leftSection={<IconSearch size={20} aria-hidden />}
        rightSection={waiting && typed !== '' ? <Loader size="xs" aria-hidden /> : null}
      />
      <Spotlight.ActionsList aria-label="Quick search results" aria-busy={waiting}>
        {typed === '' ? (
          <RecentSearches onSearch={searchFor} />
        ) : (
          <>
            <Spotlight.Action
              label={`Search for “${typed}”`}
              leftSection={<IconArrowRight size={18} aria-hidden />}
              onClick={() => searchFor(typed)}
            />
            {answer?.notice === 'only-common-words' && (
              <Spotlight.Empty>
                Very common words such as “the” are left out: add a more specific word.
              </Spotlight.Empty>
            )}
            {groups.map((group) => (
              <ActionGroup key={group.category} label={searchCategoryLabels[group.category]}>
                {group.items.map((hit) => (
                  <HitAction key={`${hit.kind}-${hit.id}`} hit={hit} onOpen={openHit} />
                ))}
              </ActionGroup>
            ))}
            {results.isError && debounced === typed && (
              <Spotlight.Empty>Could not search: {results.error.message}</Spotlight.Empty>
            )}
            {answer && !waiting && groups.length === 0 && answer.notice === null && (
              <Spotlight.Empty>Nothing found</Spotlight.Empty>
            )}
          </>
        )}
      </Spotlight.ActionsList>
      <Spotlight.Footer>
        <Group gap="md" justify="space-between" wrap="nowrap">
          <Text size="xs" c="dimmed" visibleFrom="sm">
            ↑ ↓ to move, Enter to open, Esc to close
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            ml="auto"
            onClick={() => {
              spotlight.close();
              if (typed === '') void navigate('/search');
              else searchFor(typed);
            }}
          >
            All results and filters
          </Button>
        </Group>
      </Spotlight.Footer>
    </Spotlight.Root>
  );
}
