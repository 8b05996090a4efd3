import { Badge, Group, Stack, Text } from '@mantine/core';
import type { Author } from '../../../shared/forum';
import { roleLabels } from '../../../shared/roles';
import { AuthorLink } from '../../components/author-link';
import { UserAvatar } from '../../components/user-avatar';

/** Avatar, name and role of a thread's author, above its body. */
export function AuthorCard({ author, children }: { author: Author; children?: React.ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <UserAvatar author={author} size={44} />
      <Stack gap={2}>
        <Group gap="xs">
          <Text fw={600}>
            <AuthorLink author={author} />
          </Text>
          {author.role && (
            <Badge
              size="sm"
              variant={author.role === 'user' ? 'outline' : 'filled'}
              color={author.role === 'user' ? 'dark' : 'grape'}
            >
              {roleLabels[author.role]}
            </Badge>
          )}
        </Group>
        {children}
      </Stack>
    </Group>
  );
}
