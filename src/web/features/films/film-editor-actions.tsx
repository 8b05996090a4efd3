import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { FilmDetail, FilmSummary } from '../../../shared/films';
import { IconPencil } from '../../components/icons';
import { showSuccess } from '../../shell/server-errors';
import { EditFilmDialog } from './edit-film-dialog';
import { filmLabel } from './film-words';
import { MergeFilmDialog } from './merge-film-dialog';

/** The toast after a merge: which film the reviews went to. */
export function announceMerge(film: Pick<FilmSummary, 'title' | 'year'>, survivor: FilmSummary) {
  showSuccess('Films merged', `‘${filmLabel(film)}’ is now part of ‘${filmLabel(survivor)}’.`);
}

/** "Edit film" and "Merge into another film…", for experienced moderators and admins. */
export function FilmEditorActions({ film }: { film: FilmDetail }) {
  const [dialog, setDialog] = useState<'edit' | 'merge' | null>(null);
  const navigate = useNavigate();
  const close = () => setDialog(null);
  if (!film.viewer.canEdit) return null;

  const onMerged = (survivor: FilmSummary) => {
    close();
    announceMerge(film, survivor);
    // This film's address leads to the survivor now: Back should not come here again.
    void navigate(survivor.url, { replace: true });
  };

  return (
    <Group gap="xs">
      <Button
        variant="default"
        size="xs"
        leftSection={<IconPencil size={16} aria-hidden />}
        onClick={() => setDialog('edit')}
      >
        Edit film
      </Button>
      <Button variant="default" size="xs" onClick={() => setDialog('merge')}>
        Merge into another film…
      </Button>
      <EditFilmDialog opened={dialog === 'edit'} film={film} onClose={close} />
      <MergeFilmDialog
        opened={dialog === 'merge'}
        film={film}
        onClose={close}
        onMerged={onMerged}
      />
    </Group>
  );
}
