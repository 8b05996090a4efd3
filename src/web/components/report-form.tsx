import { Button, Group, Radio, Stack, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  reportBody,
  reportCategories,
  reportCategoryLabels,
  type ReportBody,
  type ReportCategory,
} from '../../shared/reports';
import { reasonMax } from '../../shared/reasons';
import { showServerError, showSuccess } from '../shell/server-errors';

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

/**
 * The one report form (threads, replies, chat messages): asks what is wrong, then `send`s it
 * to the moderators' queue and thanks the reporter, or shows the server's refusal.
 */
export function ReportForm({
  send,
  pending,
  onDone,
}: {
  send: (report: ReportBody) => Promise<unknown>;
  pending: boolean;
  onDone: () => void;
}) {
  const form = useForm<ReportValues>({
    initialValues: { category: '', reason: '' },
    validate: validateReport,
  });
  const reasonRequired = form.getValues().category === 'other';

  const submit = form.onSubmit(({ category, reason }) => {
    if (category === '') return;
    send({ category, reason: reason.trim() }).then(
      () => {
        onDone();
        showSuccess('Report sent', 'Thank you. A moderator will look at it.');
      },
      (error: unknown) => showServerError('Could not send the report', error, form),
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
          maxLength={reasonMax}
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={pending}>
            Send report
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
