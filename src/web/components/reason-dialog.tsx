import { Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { z } from 'zod';
import { rejectModRequestBody } from '../../shared/mod-requests';
import { reasonMax } from '../../shared/reasons';
import { showServerError } from '../shell/server-errors';
import { AppModal, DialogButtons } from './app-modal';

/** Every moderator's reason follows one rule: the person it concerns, or the audit log, reads it. */
const reasonForm = z.object({ reason: rejectModRequestBody.shape.reason });

interface ReasonFormProps {
  hint: ReactNode;
  fields: ReactNode;
  submitLabel: string;
  color: string | undefined;
  failureTitle: string;
  onSubmit: (reason: string) => Promise<void> | void;
  onCancel: () => void;
  onDone: () => void;
}

function ReasonForm(props: ReasonFormProps) {
  const form = useForm({
    initialValues: { reason: '' },
    validate: schemaResolver(reasonForm, { sync: true }),
  });

  const onSubmit = form.onSubmit(async ({ reason }) => {
    try {
      await props.onSubmit(reason.trim());
    } catch (error) {
      showServerError(props.failureTitle, error, form);
      return;
    }
    props.onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{props.hint}</Text>
        {props.fields}
        <Textarea
          label="Reason"
          required
          autosize
          minRows={3}
          maxLength={reasonMax}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <DialogButtons
          onCancel={props.onCancel}
          busy={form.submitting}
          submitLabel={props.submitLabel}
          color={props.color}
        />
      </Stack>
    </form>
  );
}

export interface ReasonDialogProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** What the action does and who reads the reason, above the field. */
  hint: ReactNode;
  /** The submit button's words ('Mute', 'Reject request'). */
  submitLabel: string;
  color?: string;
  /** Fields the action asks for besides the reason (a mute's length), above it. */
  fields?: ReactNode;
  /** The toast's title when the server refuses; a refusal naming the reason shows on the field. */
  failureTitle: string;
  /** Takes the action with the trimmed reason; the dialog closes once it resolves. */
  onSubmit: (reason: string) => Promise<void> | void;
}

/**
 * The dialog of every action that needs a reason: mute, reject a moderator request, hide and
 * purge. Each opening starts with an empty reason; the text stays while the dialog fades out.
 */
export function ReasonDialog({ opened, onClose, title, fields, ...form }: ReasonDialogProps) {
  const [openings, setOpenings] = useState(0);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setOpenings(openings + 1);
  }

  return (
    <AppModal opened={opened} onClose={onClose} title={title}>
      <ReasonForm
        key={openings}
        {...form}
        color={form.color}
        fields={fields}
        onCancel={onClose}
        onDone={onClose}
      />
    </AppModal>
  );
}
