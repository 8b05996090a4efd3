import { Badge, Blockquote, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { lazy, memo, Suspense, useState } from 'react';
import type { ChatMessage } from '../../../shared/chat';
import { AuthorLink } from '../../components/author-link';
import { useFormats } from '../../components/format-time';
import { RenderedMarkdown } from '../../components/rendered-markdown';
import { RoleBadge } from '../../components/role-badge';
import { linkedItemProps } from '../../components/use-linked-item';
import { UserAvatar } from '../../components/user-avatar';
import classes from './chat.module.css';
import { LikeControl } from './like-control';
import { MessageMenu, type MessageActions } from './message-menu';

/** The edit form loads on the first press of a message's "Edit". */
const MessageEditForm = lazy(() => import('./message-edit-form'));

export interface ChatViewer {
  id: string;
  role: string | null;
  username: string | null;
}

function Quote({ replyTo }: { replyTo: NonNullable<ChatMessage['replyTo']> }) {
  return (
    <Blockquote p={6} px="xs" color="gray" fz="sm" my={2}>
      <Text size="xs" fw={600}>
        {replyTo.authorName} wrote:
      </Text>
      <Text size="xs" lineClamp={2}>
        {replyTo.excerpt}
      </Text>
    </Blockquote>
  );
}

export function mentionsOf(message: ChatMessage, username: string | null): boolean {
  if (username === null) return false;
  const own = username.toLowerCase();
  return message.mentions.some((name) => name.toLowerCase() === own);
}

/** The element id of a message's row, which `?message=` links scroll to. */
export const messageElementId = (id: number) => `chat-message-${id}`;

interface MessageRowProps {
  message: ChatMessage;
  viewer: ChatViewer;
  actions: MessageActions;
  /** The reader may post in this room (reply). */
  canPost: boolean;
  /** The message the address links to (`?message=`): marked, and focused once scrolled to. */
  linked?: boolean;
}

/** One message. Memoised: a new message re-renders only itself, not the whole history. */
export const MessageRow = memo(function MessageRow({
  message,
  viewer,
  actions,
  canPost,
  linked = false,
}: MessageRowProps) {
  const [editing, setEditing] = useState(false);
  const format = useFormats();
  const own = message.author.id === viewer.id;
  const mentionsMe = !own && mentionsOf(message, viewer.username);

  return (
    <li
      id={messageElementId(message.id)}
      className={classes.message}
      data-mentions-me={mentionsMe || undefined}
      data-hidden={message.hidden ? true : undefined}
      {...linkedItemProps(linked)}
    >
      {linked && <VisuallyHidden>Linked message</VisuallyHidden>}
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <UserAvatar author={message.author} size={32} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={600}>
              <AuthorLink author={message.author} />
            </Text>
            <RoleBadge role={message.author.role} staffOnly />
            <Text size="xs" c="dimmed">
              <time dateTime={message.createdAt} title={format.full(message.createdAt)}>
                {format.relative(message.createdAt)}
              </time>
              {message.editedAt && (
                <span title={`Edited ${format.full(message.editedAt)}`}> · edited</span>
              )}
            </Text>
            {mentionsMe && (
              <Badge size="xs" variant="light" tt="none">
                Mentions you
              </Badge>
            )}
          </Group>
          {message.hidden && (
            <Text size="xs" c="red" fw={600}>
              Hidden from members: {message.hidden.reason}
            </Text>
          )}
          {message.replyTo && <Quote replyTo={message.replyTo} />}
          {editing ? (
            <Suspense fallback={<RenderedMarkdown html={message.html} className={classes.body} />}>
              <MessageEditForm message={message} onDone={() => setEditing(false)} />
            </Suspense>
          ) : (
            <RenderedMarkdown html={message.html} className={classes.body} />
          )}
          {!editing && (
            <Group gap={4}>
              <LikeControl message={message} own={own} onToggle={actions.like} />
              <MessageMenu
                message={message}
                viewer={viewer}
                own={own}
                canPost={canPost}
                actions={actions}
                onEdit={() => setEditing(true)}
              />
            </Group>
          )}
        </Stack>
      </Group>
    </li>
  );
});
