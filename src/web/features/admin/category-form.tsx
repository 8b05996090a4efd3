import { Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { createCategoryBody } from '../../../shared/forum';
import { showServerError } from '../../shell/server-errors';

export type CategoryFormValues = z.input<typeof createCategoryBody>;

interface CategoryFormProps {
  initialValues: CategoryFormValues;
  submitLabel: string;
  /** Resolves when saved (the form then clears); rejects with the server's error. */
  onSave: (values: { name: string; description: string }) => Promise<unknown>;
  errorTitle: string;
  /** Next to the submit button (Cancel). */
  secondaryAction?: ReactNode;
}

/** A category's name and description: adding one and editing one use the same rules. */
export function CategoryForm(props: CategoryFormProps) {
  const { initialValues, submitLabel, onSave, errorTitle, secondaryAction } = props;
  const form = useForm<CategoryFormValues>({
    initialValues,
    validate: schemaResolver(createCategoryBody, { sync: true }),
  });

  const onSubmit = form.onSubmit(async ({ name, description }) => {
    try {
      await onSave({ name: name.trim(), description: (description ?? '').trim() });
      form.reset();
    } catch (error) {
      showServerError(errorTitle, error, form);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" required maxLength={40} {...form.getInputProps('name')} />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxLength={300}
          {...form.getInputProps('description')}
        />
        <Group>
          <Button type="submit" loading={form.submitting}>
            {submitLabel}
          </Button>
          {secondaryAction}
        </Group>
      </Stack>
    </form>
  );
}
