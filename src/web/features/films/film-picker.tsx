import { Autocomplete, Button, Group, Input, Loader, Paper, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { filmLimits, type FilmSummary } from '../../../shared/films';
import { toast } from '../../shell/toast-store';
import { useFilmSuggestions } from './api/suggest-films';
import { AddFilmDialog } from './add-film-dialog';
import { filmLabel } from './film-words';

/** The film a review is about, as the review form keeps it (and its draft). */
export type FilmChoice = Pick<FilmSummary, 'id' | 'title' | 'year'>;

export const SUGGEST_DEBOUNCE_MS = 200;
const addNew = 'add-new-film';

export interface FilmPickerProps {
  /** The film chosen, or null while none is. */
  value: FilmChoice | null;
  /** What is typed in the box; an old review's film title, as its author typed it. */
  text: string;
  onChoose: (film: FilmChoice | null) => void;
  onTextChange: (text: string) => void;
  error?: ReactNode;
}

interface ChosenFilmProps {
  film: FilmChoice;
  onChange: () => void;
  error?: ReactNode;
}

/** The film chosen, with the way back to the search. */
function ChosenFilm({ film, onChange, error }: ChosenFilmProps) {
  return (
    <Input.Wrapper label="Film" error={error}>
      <Paper withBorder px="sm" py={6} mt={4}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text fw={500} miw={0} style={{ overflowWrap: 'anywhere' }} data-testid="chosen-film">
            {filmLabel(film)}
          </Text>
          <Button variant="default" size="xs" onClick={onChange} aria-label="Change the film">
            Change
          </Button>
        </Group>
      </Paper>
    </Input.Wrapper>
  );
}

/**
 * The review's film: typing suggests the films whose titles start so ("Title (Year)"); the last
 * option adds a new film with its year. The film chosen shows as a card with "Change".
 */
export function FilmPicker({ value, text, onChoose, onTextChange, error }: FilmPickerProps) {
  const [adding, setAdding] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const refocus = useRef(false);
  const typed = text.trim();
  const [asked] = useDebouncedValue(typed, SUGGEST_DEBOUNCE_MS);
  const suggestions = useFilmSuggestions(value === null ? asked : '');
  // The answer for the letters typed now; older letters' answers do not linger as choices.
  const films = asked === typed ? (suggestions.data ?? []) : [];
  // Autocomplete writes the option's label into the box once one is taken: that is no typing.
  const taking = useRef(false);

  useEffect(() => {
    if (value === null && refocus.current) {
      refocus.current = false;
      input.current?.focus();
    }
  }, [value]);

  if (value !== null) {
    const change = () => {
      refocus.current = true;
      onTextChange(value.title);
      onChoose(null);
    };
    return <ChosenFilm film={value} onChange={change} error={error} />;
  }

  const choose = (film: FilmChoice) => {
    onTextChange(film.title);
    onChoose({ id: film.id, title: film.title, year: film.year });
  };
  const data = [
    ...films.map((film) => ({ value: String(film.id), label: filmLabel(film) })),
    ...(typed === '' ? [] : [{ value: addNew, label: `Add a new film: “${typed}”` }]),
  ];

  return (
    <>
      <Autocomplete
        ref={input}
        label="Film"
        description="Type its title, then choose it or add it"
        name="film"
        maxLength={filmLimits.titleMax}
        value={text}
        onChange={(next) => {
          if (taking.current) {
            taking.current = false;
            return;
          }
          onTextChange(next);
        }}
        data={data}
        // The server matched the titles already; every suggestion it sent is shown.
        filter={({ options }) => options}
        onOptionSubmit={(option) => {
          taking.current = true;
          if (option === addNew) {
            setAdding(typed);
            return;
          }
          const film = films.find((entry) => String(entry.id) === option);
          if (film) choose(film);
        }}
        rightSection={suggestions.isFetching ? <Loader size="xs" aria-hidden /> : null}
        error={error}
        autoComplete="off"
      />
      <AddFilmDialog
        opened={adding !== null}
        title={adding ?? ''}
        onClose={() => setAdding(null)}
        onAdded={(film, created) => {
          setAdding(null);
          choose(film);
          if (!created) {
            toast.show({
              title: 'This film was already here',
              description: `${filmLabel(film)} is chosen.`,
            });
          }
        }}
      />
    </>
  );
}
