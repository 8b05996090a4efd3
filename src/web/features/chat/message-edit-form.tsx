import { Button, Group, Stack, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { chatLimits, editMessageBody, type ChatMessage } from '../../../shared/chat';
import { useMuteRefusal } from '../../components/muted-notice';
import { showServerError } from '../../shell/server-errors';
import { useEditMessage } from './api/edit-message';

/** The author's own message in a text box: Save (or Enter) keeps it, Cancel (or Escape) not. */
export default function MessageEditForm({
  message,
  onDone,
}: {
  message: ChatMessage;
  onDone: () => void;
}) {
  const edit = useEditMessage();
  const mutedRefusal = useMuteRefusal();
  const form = useForm({
    initialValues: { body: message.body },
    validate: schemaResolver(editMessageBody, { sync: true }),
  });

  const submit = form.onSubmit(({ body }) =>
    edit.mutate(
      { message, body: body.trim() },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (!mutedRefusal(error)) showServerError('Could not save the message', error, form);
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap={6}>
        <Textarea
          label="Edit your message"
          autosize
          minRows={1}
          maxRows={8}
          maxLength={chatLimits.bodyMax}
          data-autofocus
          autoFocus
          {...form.getInputProps('body')}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onDone();
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
        />
        <Group gap="xs">
          <Button type="submit" size="compact-sm" loading={edit.isPending}>
            Save
          </Button>
          <Button size="compact-sm" variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
