import { Button, Group, Text } from '@mantine/core';
import { IconThumbUp, IconThumbUpFilled } from '../../components/icons';
import type { ChatMessage } from '../../../shared/chat';
import { useFormats } from '../../components/format-time';

interface LikeControlProps {
  message: ChatMessage;
  /** The reader wrote it: a count only, members do not like their own messages. */
  own: boolean;
  onToggle: (message: ChatMessage, react: boolean) => void;
}

/** 👍 with the count: a toggle (aria-pressed) on others' messages, the bare count on one's own. */
export function LikeControl({ message, own, onToggle }: LikeControlProps) {
  const format = useFormats();
  const count = message.reactionCount;
  const likes = `${format.number(count)} ${count === 1 ? 'like' : 'likes'}`;
  if (own) {
    if (count === 0) return null;
    return (
      <Group gap={4} c="dimmed" title="Likes" px={6}>
        <IconThumbUp size={14} aria-hidden />
        <Text size="xs">{likes}</Text>
      </Group>
    );
  }
  return (
    <Button
      size="compact-xs"
      variant={message.reacted ? 'light' : 'subtle'}
      color={message.reacted ? 'blue' : 'gray'}
      aria-pressed={message.reacted}
      aria-label={`Like the message by ${message.author.name}, ${likes}`}
      leftSection={
        message.reacted ? (
          <IconThumbUpFilled size={14} aria-hidden />
        ) : (
          <IconThumbUp size={14} aria-hidden />
        )
      }
      onClick={() => onToggle(message, !message.reacted)}
    >
      {format.number(count)}
    </Button>
  );
}
