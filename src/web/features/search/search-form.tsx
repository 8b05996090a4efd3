import { Button, Code, TextInput } from '@mantine/core';
import { IconSearch } from '../../components/icons';
import { useState, type FormEvent } from 'react';
import { searchLimits } from '../../../shared/search';
import { useKeptTyping } from '../../shell/kept-typing';

/** How to write a query: the syntax PostgreSQL's web search understands. */
export function SearchSyntaxHint() {
  return (
    <>
      Put an <Code>"exact phrase"</Code> in quotes, leave a word out with <Code>-word</Code>, and
      find either word with <Code>OR</Code>.
    </>
  );
}

interface SearchFormProps {
  /** The query the page shows now. */
  q: string;
  onSearch: (q: string) => void;
}

/** The search box: Enter or the button searches; the hint below says how to write a query. */
export function SearchForm({ q, onSearch }: SearchFormProps) {
  const [value, setValue] = useState(q);
  // The server draws the search page: a query typed before the app started stays.
  useKeptTyping(['q'], (kept) => {
    if (kept.q !== undefined) setValue(kept.q);
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = value.trim();
    if (query !== '') onSearch(query);
  };
  return (
    // With its own action, Enter before the app starts asks the server for the results.
    <form role="search" aria-label="Site" action="/search" onSubmit={submit}>
      <TextInput
        label="Search for"
        type="search"
        name="q"
        size="md"
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        maxLength={searchLimits.queryMax}
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={
          <Button type="submit" size="compact-md">
            Search
          </Button>
        }
        rightSectionWidth={96}
        rightSectionPointerEvents="all"
        description={<SearchSyntaxHint />}
        inputWrapperOrder={['label', 'input', 'description']}
      />
    </form>
  );
}
