import { Autocomplete, Button, Group, Input, Loader, Paper, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { filmLimits, type FilmSuggestion } from '../../../shared/films';
import { useFilmSuggestions } from './api/suggest-films';
import { SUGGEST_DEBOUNCE_MS } from './film-picker';
import { filmLabel } from './film-words';

/** The film a merge keeps: what the suggestions (or the duplicates list) tell of it. */
export type MergeTarget = FilmSuggestion;

interface MergeTargetPickerProps {
  value: MergeTarget | null;
  onChange: (film: MergeTarget | null) => void;
  /** The film being merged away: never offered. */
  excludeId: number;
  error?: ReactNode;
}

const label = 'Merge into';

/** Finds the film to keep by the start of its title; the chosen one shows with "Change". */
export function MergeTargetPicker({ value, onChange, excludeId, error }: MergeTargetPickerProps) {
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const refocus = useRef(false);
  const typed = text.trim();
  const [asked] = useDebouncedValue(typed, SUGGEST_DEBOUNCE_MS);
  const suggestions = useFilmSuggestions(value === null ? asked : '');
  const films =
    asked === typed ? (suggestions.data ?? []).filter((film) => film.id !== excludeId) : [];

  useEffect(() => {
    if (value === null && refocus.current) {
      refocus.current = false;
      input.current?.focus();
    }
  }, [value]);

  if (value !== null) {
    const change = () => {
      refocus.current = true;
      setText(value.title);
      onChange(null);
    };
    return (
      <Input.Wrapper label={label} error={error}>
        <Paper withBorder px="sm" py={6} mt={4}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text fw={500} miw={0} style={{ overflowWrap: 'anywhere' }} data-testid="merge-target">
              {filmLabel(value)}
            </Text>
            <Button
              variant="default"
              size="xs"
              onClick={change}
              aria-label="Change the film to merge into"
            >
              Change
            </Button>
          </Group>
        </Paper>
      </Input.Wrapper>
    );
  }

  return (
    <Autocomplete
      ref={input}
      label={label}
      description="The film that stays: type its title, then choose it"
      maxLength={filmLimits.titleMax}
      value={text}
      onChange={setText}
      data={films.map((film) => ({ value: String(film.id), label: filmLabel(film) }))}
      // The server matched the titles already; every suggestion it sent is shown.
      filter={({ options }) => options}
      onOptionSubmit={(option) => {
        const film = films.find((entry) => String(entry.id) === option);
        if (film) onChange(film);
      }}
      rightSection={suggestions.isFetching ? <Loader size="xs" aria-hidden /> : null}
      error={error}
      autoComplete="off"
      data-autofocus
    />
  );
}
