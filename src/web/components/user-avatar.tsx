import { Avatar } from '@mantine/core';
import type { Author } from '../../shared/forum';

export interface UserAvatarProps {
  author: Author;
  /** Diameter in pixels. */
  size?: number;
}

/**
 * An author's picture, or their initials (Mantine derives them and a stable colour from the
 * name). Decorative: the name always sits next to it in an AuthorLink, so screen readers would
 * only hear it twice.
 */
export function UserAvatar({ author, size = 32 }: UserAvatarProps) {
  if (author.username === null) {
    return <Avatar alt="" aria-hidden size={size} radius="xl" color="gray" />;
  }
  return (
    <Avatar
      src={author.image}
      alt=""
      aria-hidden
      size={size}
      radius="xl"
      // One dark colour: Mantine's per-name colours fail the 4.5:1 contrast rule for initials.
      color="dark"
      variant="filled"
      name={author.name}
    />
  );
}
