import { Alert, Button, Stack, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Navigate, useNavigate, useParams } from 'react-router';
import type { Category, PostDetail, UpdatePostBody } from '../../../shared/forum';
import { isApiError } from '../../api/api-client';
import { PrefetchLink } from '../../shell/prefetch-link';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { useCategories } from '../../api/get-categories';
import { usePost } from '../../api/get-post';
import { useUpdatePost } from './api/update-post';
import { PostFormFields } from './post-form';
import {
  fromPost,
  isReviewCategory,
  postForm,
  toPostBody,
  type PostFormValues,
} from './post-form-schema';
import { parsePostId } from './parse-post-id';
import { usePostEditDraft } from './use-post-draft';
import { useViewer } from '../../components/use-viewer';
import { useState } from 'react';
import { LoadError, LoadingStatus } from '../../components/query-list';

/** Only what changed goes to the server: an unchanged archived category stays allowed. */
function changesOf(post: PostDetail, values: PostFormValues, categories: readonly Category[]) {
  const next = toPostBody(values, isReviewCategory(categories, values.categoryId));
  const before = toPostBody(fromPost(post), isReviewCategory(categories, String(post.category.id)));
  const changes: UpdatePostBody & Pick<typeof next, 'filmId'> = {};
  if (next.title !== before.title) changes.title = next.title;
  if (next.body !== before.body) changes.body = next.body;
  if (next.categoryId !== before.categoryId) changes.categoryId = next.categoryId;
  if (JSON.stringify(next.tags) !== JSON.stringify(before.tags)) changes.tags = next.tags;
  if (next.filmId !== before.filmId) changes.filmId = next.filmId;
  if (next.filmTitle !== before.filmTitle) changes.filmTitle = next.filmTitle;
  if (next.rating !== before.rating) changes.rating = next.rating;
  return changes;
}

function EditPostForm({ post, categories }: { post: PostDetail; categories: Category[] }) {
  const navigate = useNavigate();
  const updatePost = useUpdatePost();
  const [start] = useState(() => fromPost(post));
  const form = useForm({
    mode: 'controlled',
    initialValues: start,
    validate: schemaResolver(postForm, { sync: true }),
    validateInputOnBlur: true,
    onValuesChange: (values) => draft.save({ values, base: JSON.stringify(start) }),
  });
  // An edit under way survives a reload or Back; saving it ends it.
  const draft = usePostEditDraft(useViewer()?.id ?? '', post.id, start, (values) =>
    form.setValues(values),
  );
  // The thread's own category stays selectable even when it has since been archived.
  const offered = categories.filter(
    (category) => !category.archived || category.id === post.category.id,
  );
  const backToPost = `/forum/post/${post.id}`;

  const submit = (values: PostFormValues) => {
    const changes = changesOf(post, values, offered);
    if (Object.keys(changes).length === 0) {
      draft.clear();
      void navigate(backToPost);
      return;
    }
    updatePost.mutate(
      { id: post.id, changes },
      {
        onSuccess: () => {
          draft.clear();
          showSuccess('Post updated');
          void navigate(backToPost);
        },
        onError: (error) => showServerError('Could not save the post', error, form),
      },
    );
  };

  return (
    <PostFormFields
      form={form}
      categories={offered}
      submitLabel="Save changes"
      submitting={updatePost.isPending}
      onSubmit={submit}
      secondaryAction={
        <Button component={PrefetchLink} to={backToPost} variant="default" onClick={draft.clear}>
          Cancel
        </Button>
      }
    />
  );
}

/** /forum/post/edit/{id}: the author's or an experienced moderator's edit of a thread. */
export function EditPostPage() {
  const { id: param } = useParams();
  const id = parsePostId(param);
  const post = usePost(id);
  const categories = useCategories();

  let content;
  if (id === null || (isApiError(post.error) && post.error.code === 'not-found')) {
    content = (
      <Alert color="red" title="Post not found">
        This post does not exist.
      </Alert>
    );
  } else if (
    (post.data && (!post.data.viewer.canEdit || post.data.deleted)) ||
    (isApiError(post.error) && post.error.code === 'permission-denied')
  ) {
    // The server refuses the edit too; this only spares the user a form they cannot send.
    return <Navigate to="/access-denied" replace />;
  } else if (post.isError || categories.isError) {
    content = <LoadError title="Could not load the post" error={post.error ?? categories.error} />;
  } else if (post.data && categories.data) {
    content = <EditPostForm key={post.data.id} post={post.data} categories={categories.data} />;
  } else {
    content = <LoadingStatus label="Loading the post" py="xl" />;
  }

  return (
    <Stack gap="lg" maw={860}>
      <Title order={1}>Edit post</Title>
      {content}
    </Stack>
  );
}
