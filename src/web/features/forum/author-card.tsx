import { Group, Stack, Text } from '@mantine/core';
import type { Author } from '../../../shared/forum';
import { AuthorLink } from '../../components/author-link';
import { RoleBadge } from '../../components/role-badge';
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
          <RoleBadge role={author.role} staffOnly />
        </Group>
        {children}
      </Stack>
    </Group>
  );
}
