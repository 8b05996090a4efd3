import { Alert, Button, CloseButton, Group, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { createCommentBody, forumLimits, type Comment } from '../../../shared/forum';
import { quoteMarkdown } from '../../../shared/quote';
import { useMuteRefusal } from '../../components/muted-notice';
import { useViewer } from '../../components/use-viewer';
import { useFormKeepsTyping } from '../../shell/kept-typing';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { useCreateComment } from './api/create-comment';
import { MarkdownEditor } from '../../components/markdown-editor';
import { DraftNotice } from './draft-notice';
import { useReplyDraft, type ReplyTarget } from './use-reply-draft';
import type { QuotableComment } from './reply-row';

export interface ReplyComposerHandle {
  /** Answers `comment`: the reply will quote it and link back. */
  replyTo: (comment: Comment) => void;
  /** Copies `comment`'s text into the reply as a Markdown quote. */
  quote: (comment: QuotableComment) => void;
}

const replyForm = createCommentBody.pick({ body: true });

/**
 * The reply form under a thread. Rows reach it through `ref` (Reply, Quote), so typing here
 * re-renders only the composer, never the list of replies above it.
 */
export function ReplyComposer({
  postId,
  articleId = null,
  ref,
}: {
  postId: number;
  /** The news article whose comments these are: quotes link to the reply beside it. */
  articleId?: number | null;
  ref: Ref<ReplyComposerHandle>;
}) {
  const createComment = useCreateComment();
  // A mute that began after the page loaded: the gate above swaps this form for the notice.
  const mutedRefusal = useMuteRefusal();
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null);
  const section = useRef<HTMLDivElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { body: '' },
    validate: schemaResolver(replyForm, { sync: true }),
  });
  const body = form.getValues().body;
  // Kept on this device per thread while written: a reload or Back loses neither the text nor
  // the reply it answers.
  const draft = useReplyDraft(useViewer()?.id ?? '', postId, (restored) => {
    form.setValues({ body: restored.body });
    setReplyTo(restored.replyTo);
  });
  const { save } = draft;
  useEffect(() => save({ body, replyTo }), [save, body, replyTo]);
  // The server draws this form for a member: what they typed before the app started stays
  // (after the draft: it is the newer text).
  useFormKeepsTyping(form);

  const discardDraft = () => {
    draft.clear();
    form.reset();
    setReplyTo(null);
  };

  const bringIntoView = () => {
    section.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    textarea.current?.focus();
  };

  useImperativeHandle(ref, () => ({
    replyTo: (comment) => {
      setReplyTo({ id: comment.id, authorName: comment.author.name });
      bringIntoView();
    },
    quote: (comment) => {
      const body = form.getValues().body;
      const gap = body === '' || body.endsWith('\n\n') ? '' : body.endsWith('\n') ? '\n' : '\n\n';
      const quote = quoteMarkdown({ ...comment, thread: { postId, articleId } });
      form.setFieldValue('body', `${body}${gap}${quote}`);
      bringIntoView();
    },
  }));

  const submit = form.onSubmit(({ body }) =>
    createComment.mutate(
      { postId, body, replyToId: replyTo?.id ?? null },
      {
        onSuccess: () => {
          draft.clear();
          form.reset();
          setReplyTo(null);
          showSuccess('Reply posted');
        },
        onError: (error) => {
          if (!mutedRefusal(error)) showServerError('Could not post the reply', error, form);
        },
      },
    ),
  );

  return (
    <Stack component="section" ref={section} gap="sm" aria-labelledby="reply-composer-title">
      <Title order={2} size="h3" id="reply-composer-title">
        Your reply
      </Title>
      {draft.restored && <DraftNotice what="reply" onDiscard={discardDraft} />}
      {replyTo && (
        <Alert variant="light" p="xs">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" lineClamp={2}>
              Replying to <strong>{replyTo.authorName}</strong>
            </Text>
            <CloseButton aria-label="Cancel replying to a reply" onClick={() => setReplyTo(null)} />
          </Group>
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <MarkdownEditor
            label="Reply"
            name="body"
            textareaRef={textarea}
            maxLength={forumLimits.commentBodyMax}
            minRows={4}
            value={form.getValues().body}
            onChange={(body) => form.setFieldValue('body', body)}
            error={form.errors.body}
          />
          <Group>
            <Button type="submit" loading={createComment.isPending}>
              Post reply
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
