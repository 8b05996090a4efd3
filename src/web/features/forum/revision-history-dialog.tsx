import { Code, Group, Modal, Stack, Text, Title } from '@mantine/core';
import type { Revision } from '../../../shared/forum';
import { AuthorLink } from '../../components/author-link';
import { UserAvatar } from '../../components/user-avatar';
import { QueryList } from '../../components/query-list';
import { useOpenedAfterMount } from '../../components/use-opened-after-mount';
import { useRevisions, type RevisionSubject } from './api/get-revisions';
import { RelativeTime } from './relative-time';

/**
 * Each edit's title before and after: the list runs newest first, so an edit's new title is
 * the previous title of the edit after it, or the title now for the latest. Replies have none.
 */
function withTitleChange(revisions: Revision[], currentTitle: string | undefined) {
  return revisions.map((revision, index) => {
    const titleAfter = index === 0 ? currentTitle : revisions[index - 1]?.previousTitle;
    const titleChanged = revision.previousTitle !== null && revision.previousTitle !== titleAfter;
    return { ...revision, titleChanged };
  });
}

function RevisionList({
  subject,
  currentTitle,
}: {
  subject: RevisionSubject;
  currentTitle: string | undefined;
}) {
  const revisions = useRevisions(subject, true);
  return (
    <QueryList
      query={revisions}
      items={withTitleChange(revisions.data ?? [], currentTitle)}
      label="Earlier versions"
      subject="the history"
      empty="No earlier versions."
      ordered
      gap="lg"
      renderItem={(revision) => (
        <Stack component="li" key={revision.id} gap="xs">
          <Group gap="xs">
            <UserAvatar author={revision.editor} size={24} />
            <Text size="sm">
              Edited by <AuthorLink author={revision.editor} />{' '}
              <RelativeTime iso={revision.createdAt} />
            </Text>
          </Group>
          {revision.titleChanged && (
            <Text size="sm">
              Previous title: <strong>{revision.previousTitle}</strong>
            </Text>
          )}
          <Title order={3} size="sm">
            Previous text
          </Title>
          <Code block style={{ whiteSpace: 'pre-wrap', maxHeight: 320, overflow: 'auto' }}>
            {revision.previousBody}
          </Code>
        </Stack>
      )}
    />
  );
}

interface RevisionHistoryDialogProps {
  subject: RevisionSubject;
  currentTitle: string | undefined;
  opened: boolean;
  onClose: () => void;
}

/** The edit history in a dialog, loaded on the first press of a "History" button. */
export function RevisionHistoryDialog(props: RevisionHistoryDialogProps) {
  const { subject, currentTitle, opened, onClose } = props;
  const shown = useOpenedAfterMount(opened);
  return (
    <Modal opened={shown} onClose={onClose} title="Edit history" size="lg">
      {shown && <RevisionList subject={subject} currentTitle={currentTitle} />}
    </Modal>
  );
}
