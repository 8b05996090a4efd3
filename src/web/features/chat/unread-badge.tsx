import { Badge, VisuallyHidden } from '@mantine/core';
import { useFormats } from '../../components/format-time';
import { useUnreadTotal } from './api/get-unread';

/**
 * The number of unread chat messages beside the navigation's Chat link. Its words join the
 * link's name ("Chat (3 unread)": the hidden words are positioned out of the flow, so a
 * browser sets them off with a space, which a leading comma would sit after); the number
 * itself is for the eye.
 */
export default function UnreadBadge() {
  const total = useUnreadTotal();
  const format = useFormats();
  if (total === 0) return null;
  const shown = total > 99 ? '99+' : format.number(total);
  return (
    <>
      <Badge component="span" size="sm" circle={total < 10} ml={6} c="black" aria-hidden>
        {shown}
      </Badge>
      <VisuallyHidden component="span">({format.number(total)} unread)</VisuallyHidden>
    </>
  );
}
