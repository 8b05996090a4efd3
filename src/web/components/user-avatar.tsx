import { Avatar } from '@mantine/core';
import { useEffect, useState, type CSSProperties } from 'react';
import type { Author } from '../../shared/forum';
import { initialsOf } from '../../shared/initials';
import classes from './user-avatar.module.css';

export interface UserAvatarProps {
  /** Whoever is shown: an author, a profile, the signed-in user. */
  author: Pick<Author, 'name' | 'username' | 'image'>;
  /** Diameter in pixels. */
  size?: number;
}

/** The initials' backgrounds (user-avatar.module.css has why these). */
const hues = ['red', 'pink', 'grape', 'violet', 'indigo', 'blue', 'cyan', 'teal'] as const;

/** One hue per name, the same on every page and every visit. */
export function avatarHue(name: string): (typeof hues)[number] {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hues[hash % hues.length] ?? 'red';
}

/**
 * A member's picture, or their initials on a colour derived from their name; deleted accounts
 * get a plain grey disc. Decorative: the name always sits next to it, so screen readers would
 * only hear it twice.
 *
 * Mantine's Avatar drawn as its elements with its own classes: a thread page shows fifty, and
 * each Avatar resolved its props and wrote five variables into a style attribute. As Avatar,
 * a picture that fails to load gives way to the initials.
 */
export function UserAvatar({ author, size = 32 }: UserAvatarProps) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [author.image]);

  if (author.username === null) {
    return <Avatar alt="" aria-hidden size={size} radius="xl" color="gray" />;
  }
  return (
    <div
      className={`${Avatar.classes.root} ${classes.avatar}`}
      data-hue={avatarHue(author.name)}
      style={{ '--avatar-size': `${size / 16}rem` } as CSSProperties}
      aria-hidden
    >
      {author.image && !failed ? (
        <img
          className={Avatar.classes.image}
          src={author.image}
          alt=""
          // Avatars are never what a page is about: they load as they scroll into view, and a
          // server render does not ask the browser to fetch them ahead of the page's own content.
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
        />
      ) : (
        // Ours, not Mantine's `name`: its initials cut an emoji in half.
        <span className={Avatar.classes.placeholder}>{initialsOf(author.name)}</span>
      )}
    </div>
  );
}
