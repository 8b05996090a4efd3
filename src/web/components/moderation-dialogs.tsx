import { NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { DialogButtons } from './app-modal';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { moderatePostBody, moderationLimits } from '../../shared/moderation';

/** Hide and purge need a reason: the author sees it on hidden content, the audit log keeps it. */
const reasonForm = z.object({ reason: moderatePostBody.shape.reason.unwrap() });

interface ReasonFormProps {
  /** What the reason is for, shown above the field. */
  hint: string;
  submitLabel: string;
  danger?: boolean;
  busy: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}

export function ReasonForm({
  hint,
  submitLabel,
  danger,
  busy,
  onSubmit,
  onCancel,
}: ReasonFormProps) {
  const form = useForm({
    initialValues: { reason: '' },
    validate: schemaResolver(reasonForm, { sync: true }),
  });
  return (
    <form onSubmit={form.onSubmit(({ reason }) => onSubmit(reason.trim()))} noValidate>
      <Stack gap="sm">
        <Text size="sm">{hint}</Text>
        <Textarea
          label="Reason"
          required
          autosize
          minRows={3}
          maxLength={moderationLimits.reasonMax}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <DialogButtons
          onCancel={onCancel}
          busy={busy}
          submitLabel={submitLabel}
          color={danger ? 'red' : undefined}
        />
      </Stack>
    </form>
  );
}

interface MoveFormProps {
  categories: readonly { id: number; name: string; archived: boolean }[];
  currentId: number | null;
  busy: boolean;
  onSubmit: (categoryId: number) => void;
  onCancel: () => void;
}

/** Open categories other than the thread's own; archived ones take no threads. */
export function MoveForm({ categories, currentId, busy, onSubmit, onCancel }: MoveFormProps) {
  const choices = categories.filter((category) => !category.archived && category.id !== currentId);
  const form = useForm({
    initialValues: { categoryId: '' },
    validate: { categoryId: (value) => (value === '' ? 'Choose a category' : null) },
  });
  return (
    <form onSubmit={form.onSubmit(({ categoryId }) => onSubmit(Number(categoryId)))} noValidate>
      <Stack gap="sm">
        <NativeSelect
          label="Move to"
          required
          data={[
            { value: '', label: 'Choose a category' },
            ...choices.map((category) => ({ value: String(category.id), label: category.name })),
          ]}
          {...form.getInputProps('categoryId')}
        />
        <DialogButtons onCancel={onCancel} busy={busy} submitLabel="Move thread" />
      </Stack>
    </form>
  );
}
