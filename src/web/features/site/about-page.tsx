import { Anchor, Badge, Group, Image, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { roleLabels, roles, type Role } from '../../../shared/roles';
import { useSite } from '../../api/get-site';
import { ImageViewerButton } from '../../shell/image-viewer-button';
import { PrefetchLink } from '../../shell/prefetch-link';

/** What each rung of the ladder may do (DESIGN.md §4), in the words members use. */
const roleDuties: Record<Role, string> = {
  admin:
    'Runs the site: changes roles, decides moderator requests, writes news, manages site settings and reads the audit log of every moderation action.',
  experienced_moderator:
    'Everything a moderator does, plus editing other people’s posts, removing content for good, and blocking or unblocking accounts.',
  moderator:
    'Reviews reported content, hides and restores posts, comments and chat messages, locks, pins and moves threads, and can mute someone for a while.',
  user: 'Posts, comments, chats, reacts, reports problems and donates; edits and deletes their own content; can ask to become a moderator.',
};

export function AboutPage() {
  const site = useSite();
  const illustration = useRef<HTMLImageElement>(null);
  // Highest rank first, as the ladder is usually read.
  const ladder = [...roles].reverse();

  return (
    <Stack gap="xl" maw={760}>
      <Stack gap="sm">
        <Title order={1}>About {site.name}</Title>
        <Text fz="lg">{site.description}</Text>
        <Text>
          {site.name} is a community for people who love films and like to talk about them: long
          reviews, quick recommendations, arguments about endings and news about screenings. It is
          self-hosted, which means the people who run this site also run its server; your posts are
          not sold, mined or shown next to advertising.
        </Text>
      </Stack>

      <Paper withBorder p="md" radius="lg" component="figure" m={0}>
        <Image
          ref={illustration}
          src="/images/projector.svg"
          alt="A hand-drawn film projector with two reels, throwing a warm beam of light"
          radius="md"
          maw={480}
          mx="auto"
        />
        <Group justify="space-between" mt="sm" gap="sm">
          <Text component="figcaption" size="sm" c="dimmed">
            Our projector, drawn for this site.
          </Text>
          <ImageViewerButton target={illustration} size="xs" />
        </Group>
      </Paper>

      <section aria-labelledby="about-moderation">
        <Title order={2} id="about-moderation" mb="sm">
          How moderation works
        </Title>
        <Text mb="md">
          Moderation follows a ladder: admin, experienced moderator, moderator, user. Each role can
          do everything the roles below it can. Nobody can act on an account of the same or a higher
          rank, nobody can change their own role, and every moderation action is recorded with who
          did it, to whom and why.
        </Text>
        <List spacing="md" listStyleType="none" p={0}>
          {ladder.map((role) => (
            <List.Item key={role}>
              <Badge variant="light" size="lg" mb={4}>
                {roleLabels[role]}
              </Badge>
              <Text>{roleDuties[role]}</Text>
            </List.Item>
          ))}
        </List>
      </section>

      <section aria-labelledby="about-join">
        <Title order={2} id="about-join" mb="sm">
          Taking part
        </Title>
        <Text>
          Anyone can read the forum and the news. To post, comment or chat you need an account with
          a verified email address. Members who want to help can ask to become moderators; the
          admins decide. Please read the{' '}
          <Anchor component={PrefetchLink} to="/terms">
            Terms of Service
          </Anchor>{' '}
          and the{' '}
          <Anchor component={PrefetchLink} to="/privacy">
            Privacy Policy
          </Anchor>{' '}
          before you join.
        </Text>
      </section>
    </Stack>
  );
}
