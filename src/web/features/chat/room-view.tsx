import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArchive, IconSettings } from '../../components/icons';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import type { ChatMessage, ChatRoom } from '../../../shared/chat';
import type { MuteInfo } from '../../../shared/mutes';
import { can } from '../../../shared/permissions';
import { MutedNotice, useActiveMute } from '../../components/muted-notice';
import { confirm } from '../../shell/confirm-store';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { useDeleteMessage } from './api/delete-message';
import { useModerateMessage } from './api/moderate-message';
import { useReactToMessage } from './api/react-to-message';
import classes from './chat.module.css';
import { Composer } from './composer';
import { MessageList } from './message-list';
import type { MessageActions } from './message-menu';
import type { ChatViewer } from './message-row';
import { PresenceList } from './presence-list';
import { typingLine, useRoomLive } from './use-room-live';

const ReportDialog = lazy(() => import('./report-dialog'));
const RoomSettingsDialog = lazy(() => import('./room-settings-dialog'));
const ReasonDialog = lazy(() =>
  import('../../components/reason-dialog').then((module) => ({ default: module.ReasonDialog })),
);

type Dialog = { kind: 'report' | 'hide'; message: ChatMessage } | { kind: 'settings' } | null;

function useMessageActions(
  setReplyTo: (message: ChatMessage) => void,
  setDialog: (dialog: Dialog) => void,
): MessageActions {
  const { mutate: react } = useReactToMessage();
  const { mutateAsync: remove } = useDeleteMessage();
  const { mutate: moderate } = useModerateMessage();
  return useMemo(
    () => ({
      like: (message, value) =>
        react(
          { message, react: value },
          { onError: (error) => showServerError('Could not save your like', error) },
        ),
      reply: setReplyTo,
      remove: (message) =>
        confirm({
          title: 'Delete message',
          message: 'The message will be removed for everyone in the room.',
          confirmLabel: 'Delete message',
          type: 'danger',
          onConfirm: async () => {
            try {
              await remove(message);
            } catch (error) {
              showServerError('Could not delete the message', error);
            }
          },
        }),
      report: (message) => setDialog({ kind: 'report', message }),
      hide: (message) => setDialog({ kind: 'hide', message }),
      restore: (message) =>
        moderate(
          { message, action: 'restore' },
          {
            onSuccess: () => showSuccess('Message restored'),
            onError: (error) => showServerError('Could not restore the message', error),
          },
        ),
    }),
    [react, remove, moderate, setReplyTo, setDialog],
  );
}

/** Why the reader cannot write here, in place of the message box; null when they can. */
function composerBlock(room: ChatRoom, mute: MuteInfo | null) {
  if (room.archived) {
    return (
      <Alert color="gray" icon={<IconArchive size={18} aria-hidden />} role="status">
        This room is archived: you can read it, but it takes no new messages.
      </Alert>
    );
  }
  if (!room.canPost) {
    return (
      <Alert color="blue" role="status">
        Only moderators post in this room.
      </Alert>
    );
  }
  if (mute) return <MutedNotice mute={mute} />;
  return null;
}

interface RoomViewProps {
  room: ChatRoom;
  viewer: ChatViewer & { name: string; image: string | null };
  /** The message the address links to (`?message=`), to open the history at. */
  linkedMessageId: number | null;
}

/** One room: its header, who is here, the history, who is typing and the message box. */
export function RoomView({ room, viewer, linkedMessageId }: RoomViewProps) {
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [loaded, setLoaded] = useState<{ report?: true; hide?: true; settings?: true }>({});
  const textarea = useRef<HTMLTextAreaElement>(null);
  const live = useRoomLive(room.id, viewer.id);
  const { mutateAsync: moderate } = useModerateMessage();

  const open = (next: Dialog) => {
    if (next) setLoaded((current) => ({ ...current, [next.kind]: true }));
    setDialog(next);
  };
  const reply = (message: ChatMessage) => {
    setReplyTo(message);
    textarea.current?.focus();
  };
  const actions = useMessageActions(reply, open);
  const mayManage = can(viewer.role, 'chat.rooms');
  const block = composerBlock(room, useActiveMute());
  const typing = typingLine(live.typists);
  const reported = dialog?.kind === 'report' ? dialog.message : null;
  const toHide = dialog?.kind === 'hide' ? dialog.message : null;

  return (
    <Stack gap="sm" className={classes.room} component="section" aria-labelledby="chat-room-title">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Title order={2} size="h3" id="chat-room-title">
              {room.name}
            </Title>
            {room.archived && <Badge color="gray">Archived</Badge>}
            {room.posting === 'moderators' && <Badge variant="light">Announcements</Badge>}
            {room.slowModeSeconds > 0 && (
              <Badge variant="light" color="gray" tt="none">
                Slow mode: {room.slowModeSeconds} s
              </Badge>
            )}
          </Group>
          {room.topic !== '' && (
            <Text size="sm" c="dimmed">
              {room.topic}
            </Text>
          )}
        </Stack>
        {mayManage && (
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconSettings size={16} aria-hidden />}
            onClick={() => open({ kind: 'settings' })}
          >
            Room settings
          </Button>
        )}
      </Group>
      <PresenceList members={live.members} />
      <MessageList
        room={room}
        viewer={viewer}
        actions={actions}
        linkedMessageId={linkedMessageId}
      />
      <Text size="sm" c="dimmed" className={classes.typing} aria-live="polite">
        {typing}
      </Text>
      {block ?? (
        <Composer
          roomId={room.id}
          roomName={room.name}
          replyTo={replyTo}
          onCancelReply={() => setReplyTo(null)}
          onTyping={live.typing}
          textareaRef={textarea}
        />
      )}
      <Suspense fallback={null}>
        {loaded.report && (
          <ReportDialog
            message={reported && { id: reported.id, authorName: reported.author.name }}
            opened={reported !== null}
            onClose={() => setDialog(null)}
          />
        )}
        {loaded.hide && (
          <ReasonDialog
            opened={toHide !== null}
            onClose={() => setDialog(null)}
            title={`Hide the message by ${toHide?.author.name ?? ''}`}
            hint="The message disappears for every member at once. Its author and the audit log see the reason."
            submitLabel="Hide"
            color="red"
            failureTitle="Could not hide the message"
            onSubmit={async (reason) => {
              if (!toHide) return;
              await moderate({ message: toHide, action: 'hide', reason });
              showSuccess('Message hidden');
            }}
          />
        )}
        {loaded.settings && (
          <RoomSettingsDialog
            room={room}
            opened={dialog?.kind === 'settings'}
            onClose={() => setDialog(null)}
          />
        )}
      </Suspense>
    </Stack>
  );
}
