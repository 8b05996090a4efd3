import {
  Box,
  Button,
  Group,
  Input,
  Rating,
  Select,
  Stack,
  TagsInput,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { forumLimits, type Category } from '../../../shared/forum';
import { RatingStars } from '../../components/rating-stars';
import { MarkdownEditor } from '../../components/markdown-editor';
import { FilmPicker } from '../films';
import { isReviewCategory, reviewErrors, type PostFormValues } from './post-form-schema';

export type PostForm = UseFormReturnType<PostFormValues>;

interface PostFormFieldsProps {
  form: PostForm;
  /** The categories to offer (archived ones already left out by the page). */
  categories: readonly Category[];
  submitLabel: string;
  submitting: boolean;
  onSubmit: (values: PostFormValues) => void;
  /** Shown above the fields (the draft note). */
  notice?: ReactNode;
  /** Next to the submit button (Cancel). */
  secondaryAction?: ReactNode;
}

/** "Movie Night" -> "movie-night": the shape the server's tag rule accepts. */
function normaliseTags(tags: string[]): string[] {
  const cleaned = tags.map((tag) => tag.trim().toLowerCase().replace(/\s+/g, '-'));
  return [...new Set(cleaned.filter((tag) => tag !== ''))];
}

/** The schema names a bad tag by its index ("tags.2"); the input shows the first such error. */
function tagsError(errors: PostForm['errors']): ReactNode {
  if (errors.tags) return errors.tags;
  return Object.entries(errors).find(([path]) => path.startsWith('tags.'))?.[1];
}

/** Title, category, tags, the review's film and rating, and the body: new and edit pages. */
export function PostFormFields(props: PostFormFieldsProps) {
  const { form, categories, submitLabel, submitting, onSubmit, notice, secondaryAction } = props;
  const values = form.getValues();
  const isReview = isReviewCategory(categories, values.categoryId);
  // A review's film and rating depend on the category chosen, so they are checked here.
  const submit = form.onSubmit(
    (checked) => {
      const missing = reviewErrors(checked, isReview);
      if (Object.keys(missing).length > 0) form.setErrors(missing);
      else onSubmit(checked);
    },
    (errors, checked) => form.setErrors({ ...errors, ...reviewErrors(checked, isReview) }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {notice}
        <TextInput
          label="Title"
          required
          maxLength={forumLimits.titleMax}
          {...form.getInputProps('title')}
        />
        <Select
          label="Category"
          required
          placeholder="Choose a category"
          data={categories.map((category) => ({
            value: String(category.id),
            label: category.name,
          }))}
          allowDeselect={false}
          {...form.getInputProps('categoryId')}
        />
        {isReview && (
          <Group align="flex-start" gap="lg">
            <Box style={{ flex: 1, minWidth: 220 }}>
              <FilmPicker
                value={values.film}
                text={values.filmTitle}
                onChoose={(film) => form.setFieldValue('film', film)}
                onTextChange={(text) => {
                  form.setFieldValue('filmTitle', text);
                  form.clearFieldError('film');
                }}
                error={form.errors.film ?? form.errors.filmTitle}
              />
            </Box>
            <Input.Wrapper
              label="Rating"
              description={
                values.rating > 0 ? <RatingStars rating={values.rating} size={12} /> : 'Not rated'
              }
              error={form.errors.rating}
            >
              <Rating
                count={10}
                allowClear
                role="radiogroup"
                aria-label="Rating out of 10"
                getSymbolLabel={(value) => (value === 0 ? 'No rating' : `${value} out of 10`)}
                value={values.rating}
                onChange={(rating) => form.setFieldValue('rating', rating)}
                mt={4}
              />
            </Input.Wrapper>
          </Group>
        )}
        <TagsInput
          label="Tags"
          description={`Up to ${forumLimits.tagsMax}: letters, digits and dashes`}
          maxTags={forumLimits.tagsMax}
          splitChars={[',', ' ']}
          clearable
          {...form.getInputProps('tags')}
          onChange={(tags) => form.setFieldValue('tags', normaliseTags(tags))}
          error={tagsError(form.errors)}
        />
        <MarkdownEditor
          label="Body"
          required
          maxLength={forumLimits.postBodyMax}
          minRows={10}
          value={values.body}
          onChange={(body) => form.setFieldValue('body', body)}
          onBlur={() => form.validateField('body')}
          error={form.errors.body}
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
