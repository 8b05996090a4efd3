import { Button, Group, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFilter } from '../../components/icons';
import { auditActions, auditTargetTypes } from '../../../shared/audit-log';
import type { AuditFilters } from './api/get-audit-log';
import { auditActionLabels, auditTargetNames } from './audit-summary';

interface AuditFiltersFormProps {
  filters: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}

type Values = Required<Record<keyof AuditFilters, string>>;

function toValues(filters: AuditFilters): Values {
  return {
    actor: filters.actor ?? '',
    action: filters.action ?? '',
    targetType: filters.targetType ?? '',
    targetId: filters.targetId ?? '',
  };
}

function toFilters(values: Values): AuditFilters {
  const filters: AuditFilters = {};
  for (const [name, value] of Object.entries(values) as [keyof Values, string][]) {
    if (value.trim() !== '') filters[name] = value.trim();
  }
  return filters;
}

/**
 * Who, what and on what. Applied together on submit so typing a name does not send a request
 * per keystroke; the page keeps them in the URL, so a filtered log can be linked.
 */
export function AuditFiltersForm({ filters, onApply }: AuditFiltersFormProps) {
  const form = useForm<Values>({ mode: 'controlled', initialValues: toValues(filters) });
  const hasFilters = Object.keys(filters).length > 0;

  return (
    <form
      onSubmit={form.onSubmit((values) => onApply(toFilters(values)))}
      aria-label="Filter the audit log"
    >
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Actor"
          placeholder="Username or user id"
          maxLength={100}
          w={200}
          {...form.getInputProps('actor')}
        />
        <Select
          label="Action"
          placeholder="Any action"
          data={auditActions.map((action) => ({ value: action, label: auditActionLabels[action] }))}
          clearable
          searchable
          w={200}
          value={form.getValues().action || null}
          onChange={(value) => form.setValues({ action: value ?? '' })}
        />
        <Select
          label="Target type"
          placeholder="Any target"
          data={auditTargetTypes.map((type) => ({
            value: type,
            label: auditTargetNames[type].replace(/^./, (first) => first.toUpperCase()),
          }))}
          clearable
          w={160}
          value={form.getValues().targetType || null}
          onChange={(value) => form.setValues({ targetType: value ?? '' })}
        />
        <TextInput label="Target id" maxLength={100} w={160} {...form.getInputProps('targetId')} />
        <Button type="submit" leftSection={<IconFilter size={16} aria-hidden />}>
          Apply filters
        </Button>
        {hasFilters && (
          <Button
            variant="default"
            onClick={() => {
              form.setValues(toValues({}));
              onApply({});
            }}
          >
            Clear filters
          </Button>
        )}
      </Group>
    </form>
  );
}
