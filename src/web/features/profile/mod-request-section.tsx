import { Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { SessionUser } from '../../../shared/accounts';
import {
  createModRequestBody,
  modRequestLimits,
  type ModRequest,
} from '../../../shared/mod-requests';
import { can } from '../../../shared/permissions';
import { formatDateTime } from '../../components/format-time';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { useCreateModRequest } from './api/create-mod-request';
import { useMyModRequest } from './api/get-my-mod-request';
import { SettingsSection } from './settings-section';
import { LoadError, LoadingStatus } from '../../components/query-list';

const statusLabels = {
  open: { label: 'Waiting for a decision', color: 'blue' },
  approved: { label: 'Approved', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
} as const;

function LatestRequest({ request }: { request: ModRequest }) {
  const status = statusLabels[request.status];
  return (
    <Stack gap="xs" aria-label="Your latest request">
      <Group gap="xs">
        <Text fw={600}>Your request of {formatDateTime(request.createdAt)}</Text>
        <Badge color={status.color} variant="light">
          {status.label}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
        {request.motivation}
      </Text>
      {request.decisionReason && (
        <Text size="sm">
          <strong>Reason given:</strong> {request.decisionReason}
        </Text>
      )}
    </Stack>
  );
}

function ModRequestForm() {
  const create = useCreateModRequest();
  const form = useForm({
    mode: 'controlled',
    initialValues: { motivation: '' },
    validate: schemaResolver(createModRequestBody, { sync: true }),
  });
  const length = form.getValues().motivation.length;
  const max = modRequestLimits.motivationMax;

  const onSubmit = form.onSubmit(async (values) => {
    try {
      await create.mutateAsync({ motivation: values.motivation.trim() });
      form.reset();
      showSuccess('Request sent', 'An admin will look at it; you will hear by email.');
    } catch (error) {
      showServerError('Could not send your request', error, form);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Textarea
          label="Why would you like to moderate?"
          required
          autosize
          minRows={4}
          description={
            <Text span size="xs" c={length > max ? 'red' : 'dimmed'}>
              {length.toLocaleString('en')} / {max.toLocaleString('en')} characters
            </Text>
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('motivation')}
        />
        <Group>
          <Button type="submit" loading={create.isPending}>
            Send request
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ModRequestContent() {
  const mine = useMyModRequest(true);
  if (mine.isPending) return <LoadingStatus label="Loading your moderator request" />;
  if (mine.isError) {
    return <LoadError title="Could not load your moderator request" error={mine.error} />;
  }
  const { request, eligibility } = mine.data;
  return (
    <Stack gap="md">
      {request && <LatestRequest request={request} />}
      {eligibility.eligible ? (
        <ModRequestForm />
      ) : (
        eligibility.reason && (
          <Text size="sm" c="dimmed" role="status">
            {eligibility.reason}
          </Text>
        )
      )}
    </Stack>
  );
}

/** /user-profile: a member asks to join the moderators and follows the answer. */
export function ModRequestSection({ user }: { user: SessionUser }) {
  // Only plain users may ask; moderators and admins already are.
  if (!can(user.role, 'mod-request.create')) return null;
  return (
    <SettingsSection
      title="Become a moderator"
      description="Moderators review reports and keep discussions civil. An admin reads every request."
    >
      <ModRequestContent />
    </SettingsSection>
  );
}
