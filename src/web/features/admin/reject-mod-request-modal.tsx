import { Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { moderationLimits, rejectModRequestBody } from '../../../shared/moderation';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { useDecideModRequest, type ModRequestDecision } from './api/decide-mod-request';
import type { ModRequestWithHistory } from './api/get-mod-requests';
import { AppModal, DialogButtons } from '../../components/app-modal';

function RejectForm({ request, onClose }: { request: ModRequestWithHistory; onClose: () => void }) {
  const decide = useDecideModRequest();
  const form = useForm({
    initialValues: { reason: '' },
    validate: schemaResolver(rejectModRequestBody, { sync: true }),
  });

  const onSubmit = form.onSubmit(async ({ reason }) => {
    const decision: ModRequestDecision = {
      id: request.id,
      decision: 'reject',
      reason: reason.trim(),
    };
    try {
      await decide.mutateAsync(decision);
      showSuccess('Request rejected', `${request.requester.name} will be told why.`);
      onClose();
    } catch (error) {
      showServerError('Could not reject the request', error, form);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          {request.requester.name} sees this reason on their profile and in an email.
        </Text>
        <Textarea
          label="Reason"
          required
          rows={4}
          maxLength={moderationLimits.reasonMax}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <DialogButtons
          onCancel={onClose}
          busy={form.submitting}
          submitLabel="Reject request"
          color="red"
        />
      </Stack>
    </form>
  );
}

interface RejectModRequestModalProps {
  request: ModRequestWithHistory | null;
  onClose: () => void;
}

/** Asks for the reason a request is turned down. */
export function RejectModRequestModal({ request, onClose }: RejectModRequestModalProps) {
  return (
    <AppModal
      opened={request !== null}
      onClose={onClose}
      title={request ? `Reject ${request.requester.name}’s request` : 'Reject request'}
    >
      {request && <RejectForm key={request.id} request={request} onClose={onClose} />}
    </AppModal>
  );
}
