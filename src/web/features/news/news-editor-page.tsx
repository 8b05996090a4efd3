import { Alert, Button, Stack, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useNavigate, useParams } from 'react-router';
import type { NewsArticle } from '../../../shared/news';
import { isApiError } from '../../api/api-client';
import { PrefetchLink } from '../../shell/prefetch-link';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { useNewsArticle } from './api/get-news-article';
import { useCreateNews, useUpdateNews } from './api/save-news';
import { NewsFormFields } from './news-form';
import {
  emptyNewsForm,
  fromArticle,
  newsForm,
  toNewsBody,
  toNewsChanges,
  type NewsFormValues,
} from './news-form-schema';
import { parseNewsId } from './parse-news-id';
import { LoadError, LoadingStatus } from '../../components/query-list';

const savedTitles = {
  draft: 'Draft saved',
  scheduled: 'Article scheduled',
  published: 'Article published',
} as const;

/** A saved draft goes back to the admin list; anything else to the article itself. */
function afterSave(article: NewsArticle): string {
  return article.status === 'draft' ? '/admin/news' : `/news/${article.id}`;
}

function useNewsForm(initialValues: NewsFormValues) {
  return useForm({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(newsForm, { sync: true }),
    validateInputOnBlur: true,
  });
}

const cancel = (
  <Button component={PrefetchLink} to="/admin/news" variant="default">
    Cancel
  </Button>
);

/** /admin/news/create: write a new article. */
export function CreateNewsPage() {
  const navigate = useNavigate();
  const create = useCreateNews();
  const form = useNewsForm(emptyNewsForm);

  const submit = (values: NewsFormValues) =>
    create.mutate(toNewsBody(values), {
      onSuccess: (article) => {
        showSuccess(savedTitles[article.status], article.title);
        void navigate(afterSave(article));
      },
      onError: (error) => showServerError('Could not save the article', error, form),
    });

  return (
    <Stack gap="lg" maw={860}>
      <Title order={1}>Write news</Title>
      <NewsFormFields
        form={form}
        submitLabel="Save article"
        submitting={create.isPending}
        onSubmit={submit}
        secondaryAction={cancel}
      />
    </Stack>
  );
}

function EditNewsForm({ article }: { article: NewsArticle }) {
  const navigate = useNavigate();
  const update = useUpdateNews();
  const form = useNewsForm(fromArticle(article));

  const submit = (values: NewsFormValues) =>
    update.mutate(
      { id: article.id, changes: toNewsChanges(values) },
      {
        onSuccess: (saved) => {
          showSuccess(savedTitles[saved.status], saved.title);
          void navigate(afterSave(saved));
        },
        onError: (error) => showServerError('Could not save the article', error, form),
      },
    );

  return (
    <NewsFormFields
      form={form}
      submitLabel="Save changes"
      submitting={update.isPending}
      onSubmit={submit}
      secondaryAction={cancel}
    />
  );
}

/** /admin/news/edit/{id}: change, reschedule or unpublish an article. */
export function EditNewsPage() {
  const { id: param } = useParams();
  const id = parseNewsId(param);
  const article = useNewsArticle(id);

  let content;
  if (id === null || (isApiError(article.error) && article.error.code === 'not-found')) {
    content = (
      <Alert color="red" title="Article not found">
        This article does not exist.
      </Alert>
    );
  } else if (article.isError) {
    content = <LoadError title="Could not load the article" error={article.error} />;
  } else if (article.data) {
    content = <EditNewsForm key={article.data.id} article={article.data} />;
  } else {
    content = <LoadingStatus label="Loading the article" py="xl" />;
  }

  return (
    <Stack gap="lg" maw={860}>
      <Title order={1}>Edit news</Title>
      {content}
    </Stack>
  );
}
