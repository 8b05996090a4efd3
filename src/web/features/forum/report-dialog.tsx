import { Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  moderationLimits,
  reportBody,
  reportCategories,
  reportCategoryLabels,
  type ReportCategory,
} from '../../../shared/moderation';
import { useOpenedAfterMount } from '../../components/use-opened-after-mount';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { useReportContent, type ReportTarget } from './api/report-content';

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

function ReportForm({ target, onDone }: { target: ReportTarget; onDone: () => void }) {
  const report = useReportContent();
  const form = useForm<ReportValues>({
    initialValues: { category: '', reason: '' },
    validate: validateReport,
  });
  const reasonRequired = form.getValues().category === 'other';

  const submit = form.onSubmit(({ category, reason }) => {
    if (category === '') return;
    report.mutate(
      { target, report: { category, reason: reason.trim() } },
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
  target: ReportTarget;
  /** "this post", "this reply": names the dialog. */
  what: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * Asks what is wrong; the report goes to the moderators' queue. Loaded on the first opening of
 * a report button, so visitors and readers who never report download none of it. The form is
 * mounted only while the dialog is open: a long thread has one report button per reply.
 */
export function ReportDialog({ target, what, opened, onClose }: ReportDialogProps) {
  const shown = useOpenedAfterMount(opened);
  return (
    <Modal opened={shown} onClose={onClose} title={`Report ${what}`}>
      {shown && <ReportForm target={target} onDone={onClose} />}
    </Modal>
  );
}
