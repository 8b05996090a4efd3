import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBan, IconCalendar, IconMapPin } from '../../components/icons';
import { useId } from 'react';
import type { PublicProfile } from '../../../shared/profiles';
import { RoleBadge } from '../../components/role-badge';
import { UserAvatar } from '../../components/user-avatar';
import { useFormats, type Formats } from '../../components/format-time';

function counted(count: number, one: string, many: string, format: Formats): string {
  return `${format.number(count)} ${count === 1 ? one : many}`;
}

function FavouriteFilms({ films }: { films: string[] }) {
  const headingId = useId();
  return (
    <Stack gap={6}>
      <Title order={2} size="h5" id={headingId}>
        Favourite films
      </Title>
      <Group
        component="ul"
        aria-labelledby={headingId}
        gap="xs"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {films.map((film) => (
          <li key={film}>
            <Badge variant="outline" tt="none" size="lg" radius="sm">
              {film}
            </Badge>
          </li>
        ))}
      </Group>
    </Stack>
  );
}

/** Who a member is: picture, names, role, when they joined, where from, and what they like. */
export function PublicProfileCard({ profile }: { profile: PublicProfile }) {
  const format = useFormats();
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        {profile.blocked && (
          <Alert color="red" icon={<IconBan aria-hidden />}>
            <Text fw={700}>This account is blocked.</Text>
          </Alert>
        )}
        <Group gap="lg" align="flex-start" wrap="nowrap">
          <UserAvatar author={profile} size={96} />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="sm" align="center">
              <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                {profile.name}
              </Title>
              <RoleBadge role={profile.role} staffOnly />
              {/* White on teal.9 is 5:1 in both colour modes, as the role badges' shades are. */}
              {profile.supporter && (
                <Badge size="sm" color="teal.9" tt="none" fw={600}>
                  Supporter
                </Badge>
              )}
            </Group>
            <Text c="dimmed">@{profile.username}</Text>
            <Group gap="md" mt={4}>
              <Group gap={4} wrap="nowrap">
                <IconCalendar size={16} aria-hidden />
                <Text size="sm">
                  Joined <time dateTime={profile.joinedAt}>{format.date(profile.joinedAt)}</time>
                </Text>
              </Group>
              {profile.location !== '' && (
                <Group gap={4} wrap="nowrap">
                  <IconMapPin size={16} aria-hidden />
                  <Text size="sm">{profile.location}</Text>
                </Group>
              )}
            </Group>
            <Group gap="md" mt={4}>
              <Text size="sm" fw={600}>
                {counted(profile.counts.posts, 'post', 'posts', format)}
              </Text>
              <Text size="sm" fw={600}>
                {counted(profile.counts.replies, 'reply', 'replies', format)}
              </Text>
            </Group>
          </Stack>
        </Group>
        {profile.bio !== '' && (
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{profile.bio}</Text>
        )}
        {profile.favouriteFilms.length > 0 && <FavouriteFilms films={profile.favouriteFilms} />}
      </Stack>
    </Paper>
  );
}
