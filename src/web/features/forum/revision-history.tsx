import { Button, Code, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { AuthorLink } from '../../components/author-link';
import { UserAvatar } from '../../components/user-avatar';
import { QueryList } from '../../components/query-list';
import { useRevisions, type RevisionSubject } from './api/get-revisions';
import { RelativeTime } from './relative-time';

function RevisionList({ subject }: { subject: RevisionSubject }) {
  const revisions = useRevisions(subject, true);
  return (
    <QueryList
      query={revisions}
      items={revisions.data ?? []}
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
          {revision.previousTitle !== null && (
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

/**
 * "History": who edited the thread or reply, when, and what each edit replaced (the Markdown
 * source). `label` names it for screen readers where several sit on one page.
 */
export function RevisionHistory({
  subject,
  label,
  inActions = false,
}: {
  subject: RevisionSubject;
  label?: string;
  /** Among a reply's action buttons: their size and colour. */
  inActions?: boolean;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size={inActions ? 'compact-sm' : 'compact-xs'}
        variant="subtle"
        color={inActions ? 'gray' : undefined}
        leftSection={<IconHistory size={inActions ? 16 : 14} aria-hidden />}
        aria-label={label}
        onClick={() => setOpened(true)}
      >
        History
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Edit history" size="lg">
        {opened && <RevisionList subject={subject} />}
      </Modal>
    </>
  );
}
