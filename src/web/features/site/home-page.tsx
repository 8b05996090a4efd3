import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconSearch } from '../../components/icons';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { useSite } from '../../api/get-site';
import { useAuthState } from '../../shell/auth-state';
import { PrefetchLink } from '../../shell/prefetch-link';
import { useDeclaredHead } from '../../shell/render-context';
import type { PagePrefetch } from '../../shell/page-prefetch';
import { LatestThreads, NewestReviews, prefetchRecentPosts, reviewsPath } from '../forum';
import { LeadArticle, prefetchLeadArticle } from '../news';

interface HomeSectionProps {
  id: string;
  title: string;
  /** The page listing everything this section shows the start of. */
  more: { to: string; label: string };
  children: ReactNode;
}

/** A titled part of the home page, with a link to the full list. */
function HomeSection({ id, title, more, children }: HomeSectionProps) {
  return (
    <Card component="section" withBorder padding="lg" radius="md" aria-labelledby={id}>
      <Stack gap="md">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} size="h3" id={id}>
            {title}
          </Title>
          <Anchor component={PrefetchLink} to={more.to} size="sm" fw={600} underline="hover">
            {more.label}
          </Anchor>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/** A search box that opens /search; a plain GET form, so it works before the scripts load. */
function HomeSearch() {
  return (
    <Form method="get" action="/search" role="search" aria-label="Site">
      <TextInput
        name="q"
        type="search"
        label="Search the community"
        placeholder="A film, a director, a member…"
        maw={520}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          <ActionIcon type="submit" variant="filled" aria-label="Show results">
            <IconArrowRight size={16} aria-hidden />
          </ActionIcon>
        }
        rightSectionPointerEvents="all"
      />
    </Form>
  );
}

/** For visitors only: what an account is for, and the way in. */
function JoinCall() {
  return (
    <Paper
      component="section"
      aria-labelledby="home-join"
      withBorder
      p={{ base: 'lg', sm: 'xl' }}
      radius="md"
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="home-join">
          Join the conversation
        </Title>
        <Text maw={640}>
          Reading is open to everyone. With an account you can rate films, write reviews, reply to
          threads and like what others wrote.
        </Text>
        <Group gap="sm">
          <Button component={PrefetchLink} to="/auth/sign-up">
            Create an account
          </Button>
          <Button component={PrefetchLink} to="/auth/login" variant="default">
            Sign in
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** What the home page reads, fetched before a server render draws it. */
export function prefetchHomePage({ queryClient }: PagePrefetch) {
  return Promise.all([prefetchRecentPosts(queryClient), prefetchLeadArticle(queryClient)]);
}

/** The home page: what the community is talking about right now. */
export function HomePage() {
  const site = useSite();
  const { isUser } = useAuthState();
  useDeclaredHead({ description: site.description }, (origin) => [
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: site.name,
      description: site.description,
      url: `${origin}/`,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
  ]);
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
          <Group gap="sm" mt="xs">
            {isUser ? (
              <Button component={PrefetchLink} to="/add-new" size="md">
                Write a review
              </Button>
            ) : (
              <Button component={PrefetchLink} to="/auth/sign-up" size="md">
                Join the community
              </Button>
            )}
            <Button component={PrefetchLink} to="/forum" size="md" variant="default">
              Browse the forum
            </Button>
          </Group>
          <HomeSearch />
        </Stack>
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <HomeSection
          id="home-threads"
          title="Latest threads"
          more={{ to: '/forum', label: 'All threads' }}
        >
          <LatestThreads />
        </HomeSection>
        <HomeSection
          id="home-reviews"
          title="Newest reviews"
          more={{ to: reviewsPath, label: 'All reviews' }}
        >
          <NewestReviews />
        </HomeSection>
      </SimpleGrid>

      <HomeSection id="home-news" title="News" more={{ to: '/news', label: 'All news' }}>
        <LeadArticle />
      </HomeSection>

      {!isUser && <JoinCall />}

      <Text c="dimmed" size="sm" maw={720}>
        Moderators from the community keep discussions civil and spoiler-aware: read{' '}
        <Anchor component={PrefetchLink} to="/about" inherit>
          how moderation works
        </Anchor>{' '}
        and the{' '}
        <Anchor component={PrefetchLink} to="/terms" inherit>
          community rules
        </Anchor>{' '}
        before you post.
      </Text>
    </Stack>
  );
}
