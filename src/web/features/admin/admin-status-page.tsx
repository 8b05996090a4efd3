import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type {
  BackupRunView,
  ServiceHealth,
  SiteStatus,
  StatusWarning,
} from '../../../shared/status';
import { formatDateTime } from '../../components/format-time';
import { IconCheck, IconInfoCircle } from '../../components/icons';
import { LoadError, LoadingStatus } from '../../components/query-list';
import { useSiteStatus } from './api/get-site-status';

const serviceNames: Record<keyof SiteStatus['services'], Record<string, string>> = {
  database: { pglite: 'Database (embedded)', postgres: 'PostgreSQL' },
  bus: { memory: 'Live events (in this process)', redis: 'Redis' },
  mail: { outbox: 'Mail (written to files)', smtp: 'Mail (SMTP)' },
  storage: { disk: 'Uploads (folder)', s3: 'Uploads (S3 bucket)' },
};

/** "2.4 MB", the number and its unit kept on one line. */
function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes}\u00a0B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)}\u00a0KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)}\u00a0MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)}\u00a0GB`;
}

/** "every 6 hours", "every day". */
function formatPeriod(minutes: number): string {
  const [unit, size] =
    minutes % 1440 === 0 ? ['day', 1440] : minutes % 60 === 0 ? ['hour', 60] : ['minute', 1];
  const n = minutes / size;
  return n === 1 ? `every ${unit}` : `every ${n} ${unit}s`;
}

function Warnings({ warnings }: { warnings: StatusWarning[] }) {
  if (warnings.length === 0) {
    return (
      <Alert color="green" icon={<IconCheck size={18} aria-hidden />} title="All is well">
        Every service answers, the jobs keep up and the last backup is recent.
      </Alert>
    );
  }
  return (
    <Stack
      gap="xs"
      component="ul"
      aria-label="Warnings"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {warnings.map((warning) => (
        // Alert's own role (alert) would hide the list item's: the item holds it.
        <li key={warning.text}>
          <Alert
            color={warning.level === 'danger' ? 'red' : 'yellow'}
            icon={<IconInfoCircle size={18} aria-hidden />}
          >
            {warning.text}
          </Alert>
        </li>
      ))}
    </Stack>
  );
}

function ServiceCard({ name, health }: { name: string; health: ServiceHealth }) {
  return (
    <Card withBorder radius="md" padding="md" component="li">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600}>{name}</Text>
          <Badge color={health.ok ? 'green' : 'red'} variant="light" style={{ flexShrink: 0 }}>
            {health.ok ? 'Answering' : 'Not answering'}
          </Badge>
        </Group>
        {health.error ? (
          <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>
            {health.error}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder radius="md" padding="md" component="li">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={24} fw={700}>
        {value}
      </Text>
    </Card>
  );
}

const gridList = { listStyle: 'none', padding: 0, margin: 0 } as const;

function runOutcome(run: BackupRunView): { label: string; color: string } {
  if (run.error) return { label: 'Failed', color: 'red' };
  if (run.finishedAt) return { label: 'Written', color: 'green' };
  return { label: 'Not finished', color: 'yellow' };
}

function BackupRuns({ runs }: { runs: BackupRunView[] }) {
  if (runs.length === 0) return <Text c="dimmed">No backup has been taken yet.</Text>;
  return (
    <Stack gap="xs" component="ul" aria-label="Recent backups" style={gridList}>
      {runs.map((run) => {
        const outcome = runOutcome(run);
        return (
          <Card key={run.id} withBorder radius="md" padding="sm" component="li">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                {formatDateTime(run.startedAt)}
                <Text span size="sm" c="dimmed" fw={400}>
                  {' '}
                  · {run.trigger === 'schedule' ? 'on schedule' : 'asked for'}
                  {run.bytes === null ? '' : ` · ${formatBytes(run.bytes)}`}
                </Text>
              </Text>
              <Badge color={outcome.color} variant="light" style={{ flexShrink: 0 }}>
                {outcome.label}
              </Badge>
            </Group>
            {run.file || run.error ? (
              <Text size="sm" c={run.error ? 'red' : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                {run.error ?? run.file}
              </Text>
            ) : null}
          </Card>
        );
      })}
    </Stack>
  );
}

function StatusView({ status }: { status: SiteStatus }) {
  const { services, jobs, backups, migrations } = status;
  return (
    <Stack gap="xl">
      <Warnings warnings={status.warnings} />

      <section aria-labelledby="status-services">
        <Title order={2} size="h3" id="status-services" mb="sm">
          Services
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} component="ul" style={gridList}>
          {(Object.keys(services) as (keyof SiteStatus['services'])[]).map((key) => (
            <ServiceCard
              key={key}
              name={serviceNames[key][services[key].kind] ?? services[key].kind}
              health={services[key]}
            />
          ))}
        </SimpleGrid>
      </section>

      <section aria-labelledby="status-jobs">
        <Title order={2} size="h3" id="status-jobs" mb="sm">
          Background jobs
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} component="ul" style={gridList}>
          <Figure label="Due now" value={jobs.due.toLocaleString()} />
          <Figure label="Waiting" value={jobs.later.toLocaleString()} />
          <Figure label="Failed for good" value={jobs.dead.toLocaleString()} />
          <Figure
            label="Oldest due"
            value={jobs.oldestDueSeconds < 1 ? '—' : `${Math.round(jobs.oldestDueSeconds)} s`}
          />
        </SimpleGrid>
      </section>

      <section aria-labelledby="status-backups">
        <Title order={2} size="h3" id="status-backups" mb="xs">
          Backups
        </Title>
        <Text mb="sm" style={{ overflowWrap: 'anywhere' }}>
          {backups.everyMinutes === null
            ? `The server takes none itself (set BACKUP_EVERY); npm run backup writes one to ${backups.dir}.`
            : `The server takes one ${formatPeriod(backups.everyMinutes)} into ${backups.dir}, keeping the newest ${backups.keep}.`}
        </Text>
        <BackupRuns runs={backups.recent} />
      </section>

      <section aria-labelledby="status-version">
        <Title order={2} size="h3" id="status-version" mb="xs">
          Version
        </Title>
        <Text>
          Viewpoint {status.version} · {migrations.applied} of {migrations.known} migrations applied
          {migrations.latest ? ` (the latest: ${migrations.latest})` : ''}
        </Text>
      </section>
    </Stack>
  );
}

/** /admin/status: what an operator checks — the services, the jobs, the backups, the version. */
export function AdminStatusPage() {
  const status = useSiteStatus();
  let content;
  if (status.isPending) content = <LoadingStatus label="Loading the status" py="xl" />;
  else if (status.isError) {
    content = <LoadError title="Could not load the status" error={status.error} />;
  } else content = <StatusView status={status.data} />;
  return (
    <Stack gap="lg">
      <Title order={1}>Status</Title>
      {content}
    </Stack>
  );
}
