import { Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { KeyboardEvent } from 'react';
import { filmLimits, latestFilmYear, type FilmSummary } from '../../../shared/films';
import { AppModal } from '../../components/app-modal';
import { showServerError } from '../../shell/server-errors';
import { useCreateFilm } from './api/create-film';
import { addFilmForm, toCreateFilmBody, type AddFilmValues } from './add-film-form';

interface AddFilmDialogProps {
  opened: boolean;
  /** What was typed in the picker: the new film's title to start from. */
  title: string;
  onClose: () => void;
  /** The film the server answered: the new one, or the one already there (`created` false). */
  onAdded: (film: FilmSummary, created: boolean) => void;
}

/**
 * The fields of a new film. Not a <form>: the dialog opens from inside the review's form,
 * and a form may not hold another; Enter in a field adds the film instead of sending the review.
 */
function AddFilmFields({ title, onClose, onAdded }: Omit<AddFilmDialogProps, 'opened'>) {
  const createFilm = useCreateFilm();
  const form = useForm<AddFilmValues>({
    mode: 'controlled',
    initialValues: { title, year: '', director: '' },
    validate: schemaResolver(addFilmForm, { sync: true }),
  });

  const submit = () => {
    if (form.validate().hasErrors) return;
    createFilm.mutate(toCreateFilmBody(form.getValues()), {
      onSuccess: ({ film, created }) => onAdded(film, created),
      onError: (error) => showServerError('Could not add the film', error, form),
    });
  };
  const submitOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    submit();
  };

  return (
    <Stack gap="sm" onKeyDown={submitOnEnter}>
      <Text size="sm">Films are shared by every review: check the title and give its year.</Text>
      <TextInput
        label="Title"
        required
        maxLength={filmLimits.titleMax}
        {...form.getInputProps('title')}
      />
      <NumberInput
        label="Year"
        description={`${filmLimits.firstYear} to ${latestFilmYear()}`}
        required
        min={filmLimits.firstYear}
        max={latestFilmYear()}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        {...form.getInputProps('year')}
      />
      <TextInput
        label="Director"
        description="Optional"
        maxLength={filmLimits.directorMax}
        {...form.getInputProps('director')}
      />
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onClose} disabled={createFilm.isPending}>
          Cancel
        </Button>
        <Button onClick={submit} loading={createFilm.isPending}>
          Add film
        </Button>
      </Group>
    </Stack>
  );
}

/** Adds a film the picker did not find: its title, its year (required) and its director. */
export function AddFilmDialog({ opened, ...fields }: AddFilmDialogProps) {
  return (
    <AppModal opened={opened} onClose={fields.onClose} title="Add a film">
      {/* Keyed by the title: each opening starts from what was typed then. */}
      {opened && <AddFilmFields key={fields.title} {...fields} />}
    </AppModal>
  );
}
