import { Button } from '@mantine/core';
import { IconHistory } from '../../components/icons';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { revisionsQueryOptions, type RevisionSubject } from './api/get-revisions';

const RevisionHistoryDialog = lazy(() =>
  import('./revision-history-dialog').then((module) => ({
    default: module.RevisionHistoryDialog,
  })),
);

/**
 * "History": who edited the thread or reply, when, and what each edit replaced (the Markdown
 * source, and the title where the edit changed it). `label` names it for screen readers where
 * several sit on one page.
 */
export function RevisionHistory({
  subject,
  currentTitle,
  label,
  inActions = false,
}: {
  subject: RevisionSubject;
  /** A thread's title now, to tell which edits changed it. */
  currentTitle?: string;
  label?: string;
  /** Among a reply's action buttons: their size and colour. */
  inActions?: boolean;
}) {
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  // The dialog's code loads on the first press, side by side with the history itself.
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        size={inActions ? 'compact-sm' : 'compact-xs'}
        variant="subtle"
        color={inActions ? 'gray' : undefined}
        leftSection={<IconHistory size={inActions ? 16 : 14} aria-hidden />}
        aria-label={label}
        onClick={() => {
          void queryClient.prefetchQuery(revisionsQueryOptions(subject));
          setWanted(true);
          setOpened(true);
        }}
      >
        History
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <RevisionHistoryDialog
            subject={subject}
            currentTitle={currentTitle}
            opened={opened}
            onClose={() => setOpened(false)}
          />
        </Suspense>
      )}
    </>
  );
}
