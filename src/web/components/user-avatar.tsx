import { Avatar } from '@mantine/core';
import type { Author } from '../../shared/forum';
import { initialsOf } from '../../shared/initials';

export interface UserAvatarProps {
  /** Whoever is shown: an author, a profile, the signed-in user. */
  author: Pick<Author, 'name' | 'username' | 'image'>;
  /** Diameter in pixels. */
  size?: number;
}

/*
 * The initials' backgrounds: the darkest shade of eight hues, each at least 5:1 under white
 * initials (teal.9 5.0, cyan.9 5.6, red.9 5.5, blue.9 6.1, indigo.9 6.8, pink.9 7.2, violet.9
 * 7.1, grape.9 7.3), the same in light and dark mode. Mantine's own per-name colours are
 * lighter and fail the 4.5:1 rule.
 */
const initialsColors = [
  'red.9',
  'pink.9',
  'grape.9',
  'violet.9',
  'indigo.9',
  'blue.9',
  'cyan.9',
  'teal.9',
] as const;

/** One colour per name, the same on every page and every visit. */
export function avatarColor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return initialsColors[hash % initialsColors.length] ?? 'gray.9';
}

/**
 * A member's picture, or their initials on a colour derived from their name; deleted accounts
 * get a plain grey disc. Decorative: the name always sits next to it, so screen readers would
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
      color={avatarColor(author.name)}
      variant="filled"
      // Avatars are never what a page is about: they load as they scroll into view, and a server
      // render does not ask the browser to fetch them ahead of the page's own content.
      imageProps={{ loading: 'lazy', decoding: 'async' }}
    >
      {/* Ours, not Mantine's `name`: its initials cut an emoji in half. */}
      {initialsOf(author.name)}
    </Avatar>
  );
}
