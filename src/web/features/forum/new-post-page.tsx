import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import type { SessionUser } from '../../../shared/accounts';
import { useSession } from '../../api/session';
import { activeMute } from '../../components/active-mute';
import { MutedNotice, useMuteRefusal } from '../../components/muted-notice';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { useCategories } from '../../api/get-categories';
import { useCreatePost } from './api/create-post';
import { PostFormFields } from './post-form';
import { emptyPost, isReviewCategory, postForm, toPostBody } from './post-form-schema';
import { DraftNotice } from './draft-notice';
import { usePostDraft } from './use-post-draft';
import { LoadError, LoadingStatus } from '../../components/query-list';

function NewPostForm({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const categories = useCategories();
  const createPost = useCreatePost();
  const mutedRefusal = useMuteRefusal();
  const form = useForm({
    mode: 'controlled',
    initialValues: emptyPost,
    validate: schemaResolver(postForm, { sync: true }),
    validateInputOnBlur: true,
    onValuesChange: (values) => draft.save(values),
  });
  const draft = usePostDraft(user.id, (values) => form.setValues(values));
  const open = (categories.data ?? []).filter((category) => !category.archived);

  const discardDraft = () => {
    draft.clear();
    form.setValues(emptyPost);
    form.clearErrors();
  };

  const submit = (values: typeof emptyPost) => {
    const body = toPostBody(values, isReviewCategory(open, values.categoryId));
    createPost.mutate(body, {
      onSuccess: (post) => {
        draft.clear();
        showSuccess('Post published');
        void navigate(`/forum/post/${post.id}`);
      },
      // A mute answer lands in the session; the page then shows the notice (the draft is kept).
      onError: (error) => {
        if (!mutedRefusal(error)) showServerError('Could not publish the post', error, form);
      },
    });
  };

  if (categories.isError) {
    return <LoadError title="Could not load the categories" error={categories.error} />;
  }

  const notice = draft.restored && <DraftNotice what="post" onDiscard={discardDraft} />;

  return (
    <PostFormFields
      form={form}
      categories={open}
      submitLabel="Publish"
      submitting={createPost.isPending}
      onSubmit={submit}
      notice={notice}
    />
  );
}

/** /add-new: a new thread, saved as a local draft while it is being written. */
export function NewPostPage() {
  const session = useSession();
  const user = session.data;
  const mute = activeMute(user?.mute);
  return (
    <Stack gap="lg" maw={860}>
      <Title order={1}>New post</Title>
      {mute && <MutedNotice mute={mute} />}
      {user && !mute && <NewPostForm key={user.id} user={user} />}
      {session.isPending && <LoadingStatus label="Loading" py="xl" />}
      {user === null && (
        // The route's guard sends signed-out visitors to sign in; this covers a sign-out here.
        <Group>
          <Text>Sign in to write a post.</Text>
          <Button component={Link} to="/auth/login?redirect=%2Fadd-new" variant="default">
            Sign in
          </Button>
        </Group>
      )}
    </Stack>
  );
}
