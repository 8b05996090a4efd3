import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconCoin,
  IconFileText,
  IconFlag,
  IconHistory,
  IconMessages,
  IconNews,
  IconSettings,
  IconShieldCheck,
  IconShieldPlus,
  IconUserPlus,
  IconUsers,
} from '../../components/icons';
import type { ReactNode } from 'react';
import { formatMoneyTotals } from '../../../shared/donations';
import type { AdminStats } from '../../../shared/admin-stats';
import { PrefetchLink } from '../../shell/prefetch-link';
import { useAdminStats } from './api/get-admin-stats';
import { LoadError, LoadingStatus } from '../../components/query-list';

interface StatCard {
  label: string;
  value: string;
  to: string;
  linkLabel: string;
  icon: ReactNode;
}

function statCards(stats: AdminStats): StatCard[] {
  const count = (value: number) => value.toLocaleString();
  const cards: StatCard[] = [
    {
      label: 'Users',
      value: count(stats.users),
      to: '/admin/users',
      linkLabel: 'Manage users',
      icon: <IconUsers size={20} aria-hidden />,
    },
    {
      label: 'New this week',
      value: count(stats.newUsersThisWeek),
      to: '/admin/users',
      linkLabel: 'See the newest accounts',
      icon: <IconUserPlus size={20} aria-hidden />,
    },
    {
      label: 'Posts',
      value: count(stats.posts),
      to: '/forum',
      linkLabel: 'Open the forum',
      icon: <IconFileText size={20} aria-hidden />,
    },
    {
      label: 'Replies',
      value: count(stats.comments),
      to: '/forum',
      linkLabel: 'Open the forum',
      icon: <IconMessages size={20} aria-hidden />,
    },
    {
      label: 'Open reports',
      value: count(stats.openReports),
      to: '/moderator/reports',
      linkLabel: 'Review reports',
      icon: <IconFlag size={20} aria-hidden />,
    },
    {
      label: 'Pending mod requests',
      value: count(stats.pendingModRequests),
      to: '/admin/mod-requests',
      linkLabel: 'Decide requests',
      icon: <IconShieldPlus size={20} aria-hidden />,
    },
  ];
  if (stats.donations) {
    cards.push({
      label: 'Donations',
      // The money kept per currency paid in, side by side: currencies are never added up.
      value: `${count(stats.donations.count)} · ${formatMoneyTotals(stats.donations.amounts)}`,
      to: '/admin/donations',
      linkLabel: 'See donations',
      icon: <IconCoin size={20} aria-hidden />,
    });
  }
  return cards;
}

const areas = [
  { label: 'Audit log', to: '/admin/audit', icon: <IconHistory size={18} aria-hidden /> },
  { label: 'News articles', to: '/admin/news', icon: <IconNews size={18} aria-hidden /> },
  { label: 'Donations', to: '/admin/donations', icon: <IconCoin size={18} aria-hidden /> },
  { label: 'Site settings', to: '/admin/settings', icon: <IconSettings size={18} aria-hidden /> },
  { label: 'Status', to: '/admin/status', icon: <IconShieldCheck size={18} aria-hidden /> },
];

function StatCardView({ card }: { card: StatCard }) {
  return (
    <Card withBorder radius="md" padding="lg" component="li">
      <Stack gap={6}>
        <Group gap="xs" c="dimmed">
          {card.icon}
          <Text size="sm" c="dimmed">
            {card.label}
          </Text>
        </Group>
        <Text fz={28} fw={700} aria-label={`${card.label}: ${card.value}`}>
          {card.value}
        </Text>
        <Anchor component={PrefetchLink} to={card.to} size="sm" underline="hover">
          {card.linkLabel}
        </Anchor>
      </Stack>
    </Card>
  );
}

/** /admin: the site at a glance, with a way into each admin and moderation area. */
export function AdminDashboardPage() {
  const stats = useAdminStats();

  let content;
  if (stats.isPending) {
    content = <LoadingStatus label="Loading the counts" py="xl" />;
  } else if (stats.isError) {
    content = <LoadError title="Could not load the counts" error={stats.error} />;
  } else {
    content = (
      <SimpleGrid
        cols={{ base: 1, xs: 2, md: 3 }}
        component="ul"
        aria-label="Site counts"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {statCards(stats.data).map((card) => (
          <StatCardView key={card.label} card={card} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1}>Administration</Title>
      {content}
      <nav aria-label="Admin areas">
        <Group gap="md">
          {areas.map((area) => (
            <Anchor key={area.to} component={PrefetchLink} to={area.to} underline="hover">
              <Group gap={6} component="span">
                {area.icon}
                {area.label}
              </Group>
            </Anchor>
          ))}
        </Group>
      </nav>
    </Stack>
  );
}
