import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { FilmSummary } from '../../../shared/films';
import { AppModal } from '../../components/app-modal';
import { errorMessage } from '../../shell/server-errors';
import { useMergeFilm } from './api/merge-film';
import { filmFieldErrors } from './film-field-errors';
import { filmLabel } from './film-words';
import { MergeTargetPicker, type MergeTarget } from './merge-target-picker';

/** The film merged away: what the dialog tells of it. */
export type MergedFilm = Pick<FilmSummary, 'id' | 'title' | 'year' | 'reviewCount'>;

interface MergeFilmDialogProps {
  opened: boolean;
  film: MergedFilm;
  /** The film to keep, chosen already (the duplicates list); otherwise the dialog asks. */
  target?: MergeTarget;
  onClose: () => void;
  onMerged: (survivor: FilmSummary) => void;
}

/** "All 3 reviews of ‘Solaris (1972)’ move to ‘Solaris (2002)’, and …" */
export function mergeSentence(film: MergedFilm, target: MergeTarget): string {
  const from = `‘${filmLabel(film)}’`;
  const into = `‘${filmLabel(target)}’`;
  const reviews =
    film.reviewCount === 0
      ? `${from} has no reviews to move to ${into};`
      : film.reviewCount === 1
        ? `The review of ${from} moves to ${into},`
        : `All ${film.reviewCount} reviews of ${from} move to ${into},`;
  return `${reviews} and this film’s address will lead there. This is recorded in the audit log.`;
}

function MergeFields({
  film,
  target: preset,
  onClose,
  onMerged,
}: Omit<MergeFilmDialogProps, 'opened'>) {
  const merge = useMergeFilm();
  const [target, setTarget] = useState<MergeTarget | null>(preset ?? null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = () => {
    if (!target) {
      setFieldError('Choose the film to merge into');
      return;
    }
    setFailure(null);
    merge.mutate(
      { id: film.id, intoId: target.id },
      {
        onSuccess: onMerged,
        onError: (error) => {
          const field = filmFieldErrors(error, { intoId: target.id }).intoId;
          if (typeof field === 'string') setFieldError(field);
          setFailure(errorMessage(error));
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      {failure !== null && (
        <Alert color="red" title="Could not merge the films" role="alert">
          {failure}
        </Alert>
      )}
      <MergeTargetPicker
        value={target}
        onChange={(next) => {
          setTarget(next);
          setFieldError(null);
          setFailure(null);
        }}
        excludeId={film.id}
        error={fieldError}
      />
      <Text size="sm">
        {target
          ? mergeSentence(film, target)
          : `Choose the film that stays: the reviews of ‘${filmLabel(film)}’ move to it.`}
      </Text>
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onClose} disabled={merge.isPending}>
          Cancel
        </Button>
        <Button color="red" onClick={submit} loading={merge.isPending}>
          Merge
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Merges a film into another, the one that stays: its reviews move there and its address leads
 * there. Not undone from here, so the dialog says what will happen before the red button.
 */
export function MergeFilmDialog({ opened, ...props }: MergeFilmDialogProps) {
  return (
    <AppModal opened={opened} onClose={props.onClose} title={`Merge ‘${filmLabel(props.film)}’`}>
      {opened && <MergeFields {...props} />}
    </AppModal>
  );
}
