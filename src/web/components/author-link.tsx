import { Anchor, Text } from '@mantine/core';
import type { Author } from '../../shared/forum';
import { PrefetchLink } from '../shell/prefetch-link';
import rows from './rows.module.css';

export interface AuthorLinkProps {
  author: Author;
}

/** Mantine's Anchor (underlined always, in the text's size), as one element with its classes. */
const anchorClass = `mantine-focus-auto ${Anchor.classes.root} ${Text.classes.root}`;

/**
 * An author's name linking to their public profile; deleted accounts have none. Drawn with
 * Mantine's Anchor classes, not its component: a page lists dozens of authors.
 */
export function AuthorLink({ author }: AuthorLinkProps) {
  if (author.username === null) {
    return <span className={`${rows.dimmed} ${rows.italic}`}>deleted user</span>;
  }
  return (
    <PrefetchLink
      className={anchorClass}
      data-inherit
      data-underline="always"
      to={`/u/${encodeURIComponent(author.username)}`}
    >
      {author.name}
    </PrefetchLink>
  );
}
