import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconFlag } from '@tabler/icons-react';
import { useState } from 'react';
import { forumLimits } from '../../../shared/forum';
import { reportBody } from '../../../shared/moderation';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { useReportContent, type ReportTarget } from './api/report-content';
import type { SignInGate } from './use-sign-in-gate';

interface ReportButtonProps {
  target: ReportTarget;
  /** "this post", "this reply": for the button's accessible name and the dialog. */
  what: string;
  gate: SignInGate;
}

function ReportForm({ target, onDone }: { target: ReportTarget; onDone: () => void }) {
  const report = useReportContent();
  const form = useForm({
    initialValues: { reason: '' },
    validate: schemaResolver(reportBody, { sync: true }),
  });

  const submit = form.onSubmit(({ reason }) =>
    report.mutate(
      { target, reason: reason.trim() },
      {
        onSuccess: () => {
          onDone();
          showSuccess('Report sent', 'Thank you. A moderator will look at it.');
        },
        onError: (error) => showServerError('Could not send the report', error, form),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">Tell the moderators briefly what is wrong with it.</Text>
        <Textarea
          label="Reason"
          required
          autosize
          minRows={3}
          maxLength={forumLimits.reportReasonMax}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={report.isPending}>
            Send report
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A button that asks why in a dialog; the report goes to the moderators' queue. The form is
 * mounted only while the dialog is open: a long thread has one of these per reply.
 */
export function ReportButton({ target, what, gate }: ReportButtonProps) {
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);

  return (
    <>
      <Button
        size="compact-sm"
        variant="subtle"
        color="gray"
        leftSection={<IconFlag size={16} aria-hidden />}
        aria-label={`Report ${what}`}
        onClick={() => {
          if (gate()) setOpened(true);
        }}
      >
        Report
      </Button>
      <Modal opened={opened} onClose={close} title={`Report ${what}`}>
        {opened && <ReportForm target={target} onDone={close} />}
      </Modal>
    </>
  );
}
