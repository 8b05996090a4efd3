import { Anchor, Text } from '@mantine/core';
import type { Author } from '../../shared/forum';
import { PrefetchLink } from '../shell/prefetch-link';

export interface AuthorLinkProps {
  author: Author;
}

/** An author's name linking to their public profile; deleted accounts have none. */
export function AuthorLink({ author }: AuthorLinkProps) {
  if (author.username === null) {
    return (
      <Text span c="dimmed" fs="italic" inherit>
        deleted user
      </Text>
    );
  }
  return (
    <Anchor component={PrefetchLink} to={`/u/${encodeURIComponent(author.username)}`} inherit>
      {author.name}
    </Anchor>
  );
}
