import { Badge, VisuallyHidden } from '@mantine/core';
import type { PostSummary } from '../../shared/forum';
import { useFormats } from './format-time';

/**
 * What is new in a thread (or a news article's replies) for the signed-in viewer: "New" for one
 * they never opened, "3 new" for replies since they last read it, nothing when they are caught
 * up (and for visitors, who have no reading).
 */
export function UnreadBadge({ unread }: { unread: PostSummary['unread'] }) {
  const format = useFormats();
  if (unread === null) return null;
  if (!unread.seen) {
    return (
      <Badge size="sm" variant="filled" style={{ flexShrink: 0, textTransform: 'none' }}>
        New<VisuallyHidden> thread</VisuallyHidden>
      </Badge>
    );
  }
  if (unread.replies === 0) return null;
  const noun = unread.replies === 1 ? 'reply' : 'replies';
  return (
    <Badge size="sm" variant="light" style={{ flexShrink: 0, textTransform: 'none' }}>
      {format.number(unread.replies)} new<VisuallyHidden> {noun}</VisuallyHidden>
    </Badge>
  );
}
