import { Button, Group, Radio, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { forumLimits } from '../../../shared/forum';
import { newsLimits, newsStatusLabels, newsStatuses } from '../../../shared/news';
import { MarkdownEditor } from '../../components/markdown-editor';
import { CoverField } from './cover-field';
import type { NewsFormValues } from './news-form-schema';

export type NewsEditorForm = UseFormReturnType<NewsFormValues>;

const statusHelp = {
  draft: 'Only admins see it.',
  scheduled: 'Appears on /news by itself at the time you pick.',
  published: 'Appears on /news now.',
} as const;

interface NewsFormFieldsProps {
  form: NewsEditorForm;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (values: NewsFormValues) => void;
  /** Next to the submit button (Cancel). */
  secondaryAction?: ReactNode;
}

/** Title, summary, Markdown body, cover, status and publish time, featured: create and edit. */
export function NewsFormFields(props: NewsFormFieldsProps) {
  const { form, submitLabel, submitting, onSubmit, secondaryAction } = props;
  const values = form.getValues();
  const summaryOver = values.summary.length > newsLimits.summaryMax;

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        <TextInput
          label="Title"
          required
          maxLength={newsLimits.titleMax}
          {...form.getInputProps('title')}
        />
        <Textarea
          label="Summary"
          required
          autosize
          minRows={2}
          description={
            <Text span size="xs" c={summaryOver ? 'red' : 'dimmed'}>
              {values.summary.length} / {newsLimits.summaryMax} characters
            </Text>
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('summary')}
        />
        <MarkdownEditor
          label="Body"
          required
          maxLength={forumLimits.postBodyMax}
          minRows={12}
          value={values.body}
          onChange={(body) => form.setFieldValue('body', body)}
          onBlur={() => form.validateField('body')}
          error={form.errors.body}
        />
        <CoverField form={form} />
        <Radio.Group
          label="Status"
          description={statusHelp[values.status]}
          {...form.getInputProps('status')}
        >
          <Group gap="lg" mt={6}>
            {newsStatuses.map((status) => (
              <Radio key={status} value={status} label={newsStatusLabels[status]} />
            ))}
          </Group>
        </Radio.Group>
        {values.status === 'scheduled' && (
          <TextInput
            label="Publish at"
            description={`Your local time (${Intl.DateTimeFormat().resolvedOptions().timeZone})`}
            type="datetime-local"
            required
            maw={280}
            {...form.getInputProps('publishAt')}
          />
        )}
        <Switch
          label="Featured: shown at the top of the news"
          {...form.getInputProps('featured', { type: 'checkbox' })}
        />
        <Group>
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
          {secondaryAction}
        </Group>
      </Stack>
    </form>
  );
}
