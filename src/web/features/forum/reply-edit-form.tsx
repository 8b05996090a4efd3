import { Button, Group, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { forumLimits, updateCommentBody, type Comment } from '../../../shared/forum';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { useUpdateComment } from './api/update-comment';
import { MarkdownEditor } from '../../components/markdown-editor';
import { useViewer } from '../../components/use-viewer';
import { useReplyEditDraft } from './use-reply-draft';

interface ReplyEditFormProps {
  comment: Comment;
  /** The reply's Markdown, which only a signed-in viewer's answer carries. */
  source: string;
  onDone: () => void;
}

/** Edits a reply in place; mounted only while that one reply is being edited. */
export function ReplyEditForm({ comment, source, onDone }: ReplyEditFormProps) {
  const updateComment = useUpdateComment();
  const form = useForm({
    mode: 'controlled',
    initialValues: { body: source },
    validate: schemaResolver(updateCommentBody, { sync: true }),
  });
  // An edit under way survives a reload or Back; Save and Cancel end it.
  const draft = useReplyEditDraft(useViewer()?.id ?? '', { id: comment.id, source }, (body) =>
    form.setValues({ body }),
  );
  const body = form.getValues().body;
  const { save } = draft;
  useEffect(() => save({ body, base: source }), [save, body, source]);
  const done = () => {
    draft.clear();
    onDone();
  };

  const submit = form.onSubmit(({ body }) => {
    if (body === source) {
      done();
      return;
    }
    updateComment.mutate(
      { id: comment.id, body },
      {
        onSuccess: () => {
          done();
          showSuccess('Reply updated');
        },
        onError: (error) => showServerError('Could not save the reply', error, form),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <MarkdownEditor
          label="Edit reply"
          maxLength={forumLimits.commentBodyMax}
          minRows={3}
          value={form.getValues().body}
          onChange={(body) => form.setFieldValue('body', body)}
          error={form.errors.body}
        />
        <Group gap="xs">
          <Button type="submit" size="xs" loading={updateComment.isPending}>
            Save
          </Button>
          <Button size="xs" variant="default" onClick={done}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
