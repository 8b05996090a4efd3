import { ActionIcon, CloseButton, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconSend } from '../../components/icons';
import { useState, type RefObject } from 'react';
import { chatLimits, chatMessageBodySchema, type ChatMessage } from '../../../shared/chat';
import { useFormats } from '../../components/format-time';
import { useMentionAutocomplete } from '../../components/mention-autocomplete';
import { useMuteRefusal } from '../../components/muted-notice';
import { showServerError } from '../../shell/server-errors';
import { deliver } from './api/send-message';
import { newNonce, pendingMessages } from './pending-messages';

/** The counter shows from this many characters on. */
const counterFrom = chatLimits.bodyMax - 200;

function excerpt(message: ChatMessage): string {
  const text = message.body.replace(/\s+/g, ' ').trim();
  return text.length > 100 ? `${text.slice(0, 99)}…` : text;
}

interface ComposerProps {
  roomId: number;
  roomName: string;
  replyTo: ChatMessage | null;
  onCancelReply: () => void;
  /** Each keystroke: the room hears that the reader types (throttled there). */
  onTyping: () => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
}

/**
 * The message box under a room: Enter sends, Shift+Enter starts a new line; after an `@`, the
 * forum editor's member suggestions open above the box, and while they are open Enter or Tab
 * picks one and Escape closes them. A message shows in the room at once as "Sending…" and is
 * replaced by the server's copy when it arrives.
 */
export function Composer({
  roomId,
  roomName,
  replyTo,
  onCancelReply,
  onTyping,
  textareaRef,
}: ComposerProps) {
  const queryClient = useQueryClient();
  const mutedRefusal = useMuteRefusal();
  const format = useFormats();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mention = useMentionAutocomplete({
    value: body,
    onChange: (next) => {
      setBody(next);
      if (error) setError(null);
      if (next !== '') onTyping();
    },
    textarea: textareaRef,
    position: 'top-start',
  });

  const send = () => {
    const checked = chatMessageBodySchema.safeParse(body);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'This message cannot be sent.');
      return;
    }
    const message = {
      nonce: newNonce(),
      roomId,
      body: checked.data,
      replyTo: replyTo
        ? { id: replyTo.id, authorName: replyTo.author.name, excerpt: excerpt(replyTo) }
        : null,
      createdAt: new Date().toISOString(),
      status: 'sending' as const,
      error: null,
      offline: false,
    };
    pendingMessages.add(message);
    setBody('');
    setError(null);
    onCancelReply();
    void deliver(queryClient, message).then((refusal) => {
      if (refusal === null) return;
      // A mute: the notice replaces this box; the words go back for later.
      if (mutedRefusal(refusal)) {
        pendingMessages.settle(message.nonce);
        setBody(message.body);
        return;
      }
      showServerError('Could not send the message', refusal);
    });
  };

  const length = body.length;
  return (
    <Stack gap={6}>
      {replyTo && (
        <Paper withBorder px="xs" py={4} radius="md">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" lineClamp={1}>
              Replying to <strong>{replyTo.author.name}</strong>: {excerpt(replyTo)}
            </Text>
            <CloseButton size="sm" aria-label="Cancel the reply" onClick={onCancelReply} />
          </Group>
        </Paper>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
        noValidate
      >
        <Group gap="xs" wrap="nowrap" align="flex-end">
          {mention.suggestionList(
            <Textarea
              ref={textareaRef}
              aria-label={`Message ${roomName}`}
              placeholder={`Message ${roomName}`}
              autosize
              minRows={1}
              maxRows={6}
              value={body}
              error={error}
              style={{ flex: 1, minWidth: 0 }}
              {...mention.textareaProps}
              onKeyDown={(event) => {
                // An open list of members takes Enter, Tab and Escape for itself.
                mention.textareaProps.onKeyDown(event);
                if (event.defaultPrevented) return;
                if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  send();
                }
                if (event.key === 'Escape' && replyTo) onCancelReply();
              }}
            />,
          )}
          <ActionIcon type="submit" size={36} aria-label="Send message">
            <IconSend size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </form>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          Enter to send, Shift+Enter for a new line.
        </Text>
        {length >= counterFrom && (
          <Text size="xs" c={length > chatLimits.bodyMax ? 'red' : 'dimmed'} aria-live="polite">
            {format.number(length)} / {format.number(chatLimits.bodyMax)}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
