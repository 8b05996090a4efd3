import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../shell/server-errors';
import { auditFilterNames, auditSearch, useAuditLog, type AuditFilters } from './api/get-audit-log';
import { AuditFiltersForm } from './audit-filters';
import { AuditTable } from './audit-table';

function filtersFrom(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const name of auditFilterNames) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

/**
 * /admin/audit: every moderation and admin action, newest first. The filters live in the URL
 * (`?targetType=user&targetId=…` is a user's trail), so other pages can link straight to one.
 */
export function AdminAuditPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const log = useAuditLog(filters);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const filtered = Object.keys(filters).length > 0;

  let content;
  if (log.isPending) {
    content = (
      <Center py="xl">
        <Loader aria-label="Loading the audit log" />
      </Center>
    );
  } else if (log.isError && entries.length === 0) {
    content = (
      <Alert color="red" title="Could not load the audit log">
        {errorMessage(log.error)}
      </Alert>
    );
  } else if (entries.length === 0) {
    content = (
      <Text>{filtered ? 'No entry matches these filters.' : 'Nothing has been recorded yet.'}</Text>
    );
  } else {
    content = <AuditTable entries={entries} busy={log.isPlaceholderData} />;
  }

  return (
    <Stack gap="lg">
      <Title order={1}>Audit Log</Title>
      <AuditFiltersForm
        // A link that changes the URL (a target's history) starts the form from it.
        key={params.toString()}
        filters={filters}
        onApply={(next) => setParams(auditSearch(next))}
      />
      {content}
      {log.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
          >
            Load more entries
          </Button>
        </Group>
      )}
    </Stack>
  );
}
