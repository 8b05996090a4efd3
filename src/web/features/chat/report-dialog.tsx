import { Button, Group, Radio, Stack, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  moderationLimits,
  reportBody,
  reportCategories,
  reportCategoryLabels,
  type ReportCategory,
} from '../../../shared/moderation';
import { AppModal } from '../../components/app-modal';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { useReportMessage } from './api/report-message';

interface ReportValues {
  /** '' until the reporter picks one: no category is chosen for them. */
  category: ReportCategory | '';
  reason: string;
}

const checkReport = schemaResolver(reportBody, { sync: true });

function validateReport(values: ReportValues) {
  if (values.category === '') return { category: 'Choose what is wrong' };
  return checkReport(values);
}

function ReportForm({ messageId, onDone }: { messageId: number; onDone: () => void }) {
  const report = useReportMessage();
  const form = useForm<ReportValues>({
    initialValues: { category: '', reason: '' },
    validate: validateReport,
  });
  const reasonRequired = form.getValues().category === 'other';

  const submit = form.onSubmit(({ category, reason }) => {
    if (category === '') return;
    report.mutate(
      { messageId, report: { category, reason: reason.trim() } },
      {
        onSuccess: () => {
          onDone();
          showSuccess('Report sent', 'Thank you. A moderator will look at it.');
        },
        onError: (error) => showServerError('Could not send the report', error, form),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Radio.Group label="What is wrong with it?" required {...form.getInputProps('category')}>
          <Stack gap={6} mt={6}>
            {reportCategories.map((category) => (
              <Radio key={category} value={category} label={reportCategoryLabels[category]} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label="Reason"
          description={
            reasonRequired
              ? 'Say briefly what is wrong.'
              : 'Optional: anything moderators should know.'
          }
          required={reasonRequired}
          autosize
          minRows={3}
          maxLength={moderationLimits.reasonMax}
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

interface ReportDialogProps {
  /** The message reported; null while the dialog is closed. */
  message: { id: number; authorName: string } | null;
  opened: boolean;
  onClose: () => void;
}

/**
 * Asks what is wrong with a message; the report goes to the moderators' queue. The same
 * questions as the forum's report (one shared schema); loaded on the first report.
 */
export default function ReportDialog({ message, opened, onClose }: ReportDialogProps) {
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={`Report the message by ${message?.authorName ?? ''}`}
    >
      {message && <ReportForm key={message.id} messageId={message.id} onDone={onClose} />}
    </AppModal>
  );
}
