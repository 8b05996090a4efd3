import { Alert, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { can } from '../../../shared/permissions';
import { useSession } from '../../api/session';
import { LoadingStatus, QueryList } from '../../components/query-list';
import { useFilmDuplicates } from './api/get-film-duplicates';
import { DuplicatePair, type PairMerge } from './duplicate-pair';
import { announceMerge } from './film-editor-actions';
import { MergeFilmDialog } from './merge-film-dialog';

/**
 * /moderator/films: films that may be one (the same title, and years a year apart at most or none),
 * for experienced moderators and admins to merge. Other moderators are told it is not theirs.
 */
export function FilmDuplicatesPage() {
  const session = useSession();
  const allowed = can(session.data?.role, 'films.edit');
  const duplicates = useFilmDuplicates(allowed);
  const [merging, setMerging] = useState<PairMerge | null>(null);
  // The last pair asked for stays in the dialog while it fades out.
  const [shown, setShown] = useState<PairMerge | null>(null);

  const open = (merge: PairMerge) => {
    setShown(merge);
    setMerging(merge);
  };

  let content;
  if (session.isPending) content = <LoadingStatus label="Loading the films" py="xl" />;
  else if (!allowed) {
    content = (
      <Alert color="yellow" title="For experienced moderators and admins">
        Only experienced moderators and admins edit and merge films.
      </Alert>
    );
  } else {
    const pairs = duplicates.data ?? [];
    content = (
      <QueryList
        query={duplicates}
        items={pairs}
        label="Possible duplicates"
        subject="the possible duplicates"
        py="xl"
        empty="No possible duplicates: every film’s title and year are distinct."
        renderItem={({ a, b }) => (
          <DuplicatePair key={`${a.id}-${b.id}`} a={a} b={b} onMerge={open} />
        )}
      />
    );
  }

  return (
    <Stack gap="lg" maw={900}>
      <Stack gap={4}>
        <Title order={1}>Possible duplicate films</Title>
        <Text c="dimmed">
          Films with the same title (letter case and accents aside) whose years are at most one
          apart, or where one has no year. Merge the one to drop into the one to keep: its reviews
          move there.
        </Text>
      </Stack>
      {content}
      {shown && (
        <MergeFilmDialog
          opened={merging !== null}
          film={shown.from}
          target={shown.into}
          onClose={() => setMerging(null)}
          onMerged={(survivor) => {
            setMerging(null);
            announceMerge(shown.from, survivor);
          }}
        />
      )}
    </Stack>
  );
}
