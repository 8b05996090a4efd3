import { Button, Code, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { searchLimits } from '../../../shared/search';

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
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = value.trim();
    if (query !== '') onSearch(query);
  };
  return (
    <form role="search" aria-label="Site" onSubmit={submit}>
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
