import { Alert, NumberInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { filmLimits, latestFilmYear, type FilmDetail } from '../../../shared/films';
import { AppModal, DialogButtons } from '../../components/app-modal';
import { errorMessage } from '../../shell/server-errors';
import { useUpdateFilm } from './api/update-film';
import {
  editFilmForm,
  editFilmValues,
  toUpdateFilmBody,
  type EditFilmValues,
} from './edit-film-form';
import { filmFieldErrors } from './film-field-errors';
import { PosterField } from './poster-field';

interface EditFilmDialogProps {
  opened: boolean;
  film: FilmDetail;
  onClose: () => void;
}

function EditFilmFields({ film, onClose }: Omit<EditFilmDialogProps, 'opened'>) {
  const updateFilm = useUpdateFilm();
  const [failure, setFailure] = useState<string | null>(null);
  const before = useMemo(() => editFilmValues(film), [film]);
  const form = useForm<EditFilmValues>({
    mode: 'controlled',
    initialValues: before,
    validate: schemaResolver(editFilmForm(film.year !== null), { sync: true }),
  });

  const onSubmit = form.onSubmit((values) => {
    const changes = toUpdateFilmBody(before, values);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    setFailure(null);
    updateFilm.mutate(
      { id: film.id, changes },
      {
        onSuccess: onClose,
        onError: (error) => {
          const fields = filmFieldErrors(error, values);
          if (Object.keys(fields).length > 0) form.setErrors(fields);
          else setFailure(errorMessage(error));
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {failure !== null && (
          <Alert color="red" title="Could not save the film" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput
          label="Title"
          required
          maxLength={filmLimits.titleMax}
          data-autofocus
          {...form.getInputProps('title')}
        />
        <NumberInput
          label="Year"
          description={`${filmLimits.firstYear} to ${latestFilmYear()}`}
          required={film.year !== null}
          min={filmLimits.firstYear}
          max={latestFilmYear()}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          {...form.getInputProps('year')}
        />
        <TextInput
          label="Original title"
          description="In the film’s own language, when it differs"
          maxLength={filmLimits.titleMax}
          {...form.getInputProps('originalTitle')}
        />
        <TextInput
          label="Director"
          maxLength={filmLimits.directorMax}
          {...form.getInputProps('director')}
        />
        <PosterField form={form} />
        <DialogButtons onCancel={onClose} busy={updateFilm.isPending} submitLabel="Save film" />
      </Stack>
    </form>
  );
}

/** An experienced moderator's or an admin's edit of a film's title, year, names and poster. */
export function EditFilmDialog({ opened, film, onClose }: EditFilmDialogProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Edit film">
      {/* Each opening starts from the film as it is now. */}
      {opened && <EditFilmFields film={film} onClose={onClose} />}
    </AppModal>
  );
}
