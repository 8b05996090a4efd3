import { Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { QueryList } from '../../components/query-list';
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

  return (
    <Stack gap="lg">
      <Title order={1}>Audit log</Title>
      <AuditFiltersForm
        // A link that changes the URL (a target's history) starts the form from it.
        key={params.toString()}
        filters={filters}
        onApply={(next) => setParams(auditSearch(next))}
      />
      <QueryList
        query={log}
        items={entries}
        label="Audit entries"
        subject="the audit log"
        py="xl"
        empty={filtered ? 'No entry matches these filters.' : 'Nothing has been recorded yet.'}
        moreLabel="Load more entries"
        renderItems={(items, list) => <AuditTable entries={items} {...list} />}
      />
    </Stack>
  );
}
