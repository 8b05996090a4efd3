import { Group, Text } from '@mantine/core';
import type { PresenceMember } from '../../../shared/chat';
import { UserAvatar } from '../../components/user-avatar';
import classes from './chat.module.css';

/** Who has the room open now; members idle for a few minutes are dimmed and say so. */
export function PresenceList({ members }: { members: readonly PresenceMember[] }) {
  if (members.length === 0) return null;
  return (
    <Group gap="xs" wrap="wrap" component="section" aria-label="Here now">
      <Text size="xs" c="dimmed" fw={600}>
        Here now:
      </Text>
      <Group component="ul" gap="sm" wrap="wrap" m={0} p={0} style={{ listStyle: 'none' }}>
        {members.map((member) => (
          <Group
            component="li"
            key={member.id}
            gap={4}
            wrap="nowrap"
            className={member.idle ? classes.idle : undefined}
          >
            <UserAvatar author={member} size={20} />
            <Text size="xs">
              {member.name}
              {member.idle && ' (idle)'}
            </Text>
          </Group>
        ))}
      </Group>
    </Group>
  );
}
