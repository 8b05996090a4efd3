import { Anchor, Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconHeart,
  IconMessageCircle,
  IconMessages,
  IconNews,
  type Icon,
} from '@tabler/icons-react';
import { useSite } from '../../api/get-site';
import { PrefetchLink } from '../../shell/prefetch-link';

interface Section {
  title: string;
  to: string;
  linkLabel: string;
  icon: Icon;
  text: string;
}

const sections: Section[] = [
  {
    title: 'Forum',
    to: '/forum',
    linkLabel: 'Go to the forum',
    icon: IconMessages,
    text: 'Write a review, start a discussion about a film you cannot stop thinking about, or ask for a recommendation. Threads stay open for as long as people have something to add.',
  },
  {
    title: 'News',
    to: '/news',
    linkLabel: 'Read the news',
    icon: IconNews,
    text: 'Announcements from the people who run this site: screenings, community events, changes to the rules and what is coming next.',
  },
  {
    title: 'Chat',
    to: '/chat',
    linkLabel: 'Open the chat',
    icon: IconMessageCircle,
    text: 'Talk in real time while the credits roll, trade first impressions after a premiere, or just say hello.',
  },
  {
    title: 'Donations',
    to: '/donations',
    linkLabel: 'Support the site',
    icon: IconHeart,
    text: 'This community is run by people, not advertisers. Donations pay for the server and keep the site free of ads and trackers.',
  },
];

function SectionCard({ section }: { section: Section }) {
  const SectionIcon = section.icon;
  return (
    <Card withBorder padding="lg" component="article">
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap">
          <SectionIcon size={28} stroke={1.6} aria-hidden />
          <Title order={3}>{section.title}</Title>
        </Group>
        <Text style={{ flex: 1 }}>{section.text}</Text>
        <Anchor component={PrefetchLink} to={section.to} fw={600}>
          {section.linkLabel}
        </Anchor>
      </Stack>
    </Card>
  );
}

export function HomePage() {
  const site = useSite();
  return (
    <Stack gap="xl">
      <Paper
        p={{ base: 'lg', sm: 'xl' }}
        radius="lg"
        style={{ background: 'var(--mantine-color-amber-light)' }}
      >
        <Stack gap="md" maw={720}>
          <Title order={1} fz={{ base: 36, sm: 48 }}>
            {site.name}
          </Title>
          <Text fz="xl" fw={500}>
            {site.description}
          </Text>
          <Text>
            A home for reviews, viewpoints and long conversations about cinema, from silent classics
            to this week&apos;s premieres. Read along as a guest, or join in once you have an
            account.
          </Text>
          <Group gap="sm" mt="xs">
            <Button component={PrefetchLink} to="/forum" size="md">
              Browse the forum
            </Button>
            <Button component={PrefetchLink} to="/about" size="md" variant="default">
              About this community
            </Button>
          </Group>
        </Stack>
      </Paper>

      <section aria-labelledby="home-sections">
        <Title order={2} id="home-sections" mb="md">
          What you will find here
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {sections.map((section) => (
            <SectionCard key={section.to} section={section} />
          ))}
        </SimpleGrid>
      </section>

      <section aria-labelledby="home-rules">
        <Title order={2} id="home-rules" mb="sm">
          Run by its members
        </Title>
        <Text maw={720}>
          Moderators from the community keep discussions civil and spoiler-aware. Read{' '}
          <Anchor component={PrefetchLink} to="/about">
            how moderation works
          </Anchor>{' '}
          and the{' '}
          <Anchor component={PrefetchLink} to="/terms">
            community rules
          </Anchor>{' '}
          before you post, or{' '}
          <Anchor component={PrefetchLink} to="/search">
            search
          </Anchor>{' '}
          for a film to see what people have said about it.
        </Text>
      </section>
    </Stack>
  );
}
