import { Button, Group, Text } from '@mantine/core';
import { IconEdit, IconEye, IconTrash } from '../../components/icons';
import { useNavigate } from 'react-router';
import type { PostDetail } from '../../../shared/forum';
import { can } from '../../../shared/permissions';
import { useSession } from '../../api/session';
import type { ModerationAction } from '../../components/moderation-actions';
import { ModerationMenu } from '../../components/moderation-menu';
import { confirm } from '../../shell/confirm-store';
import { PrefetchLink } from '../../shell/prefetch-link';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { useCategories } from '../../api/get-categories';
import { useDeletePost } from './api/delete-post';
import { useReactToPost } from './api/react-to-post';
import { ActionButton } from './action-button';
import { LikeButton, LikeCount } from './like-button';
import { ReportButton } from './report-button';
import { ShareButton } from './share-button';
import type { SignInGate } from '../../components/use-sign-in-gate';
import { useFormats } from '../../components/format-time';

/** The moderators' menu on a thread; mounted only for them, so nobody else loads categories. */
function ThreadModeration({ post }: { post: PostDetail }) {
  const navigate = useNavigate();
  const categories = useCategories();
  const onDone = (action: ModerationAction) => {
    // A purged thread is gone: its page would only say so.
    if (action === 'purge') void navigate('/forum');
  };
  return (
    <ModerationMenu
      item={{
        type: 'post',
        postId: post.id,
        commentId: null,
        hidden: post.hidden,
        locked: post.locked,
        pinned: post.pinned,
        deleted: post.deleted,
        categoryId: post.category.id,
      }}
      author={post.author}
      what="this post"
      categories={categories.data}
      onDone={onDone}
    />
  );
}

/** Like, views, share, report, and the author's (or a moderator's) edit and delete. */
export function PostActions({ post, gate }: { post: PostDetail; gate: SignInGate }) {
  const format = useFormats();
  const navigate = useNavigate();
  const react = useReactToPost();
  const deletePost = useDeletePost();
  const session = useSession().data;
  const isModerator = can(session?.role, 'content.moderate');
  // Members like and report what others wrote, never their own (the server refuses it too).
  const own = session !== undefined && session !== null && session.id === post.author.id;

  const onToggleLike = (value: boolean) =>
    react.mutate(
      { id: post.id, react: value },
      { onError: (error) => showServerError('Could not save your like', error) },
    );

  const onDelete = () =>
    confirm({
      title: 'Delete post',
      message: 'The thread will show as deleted. Its replies stay, but nobody can reply any more.',
      confirmLabel: 'Delete post',
      type: 'danger',
      onConfirm: async () => {
        try {
          await deletePost.mutateAsync(post.id);
        } catch (error) {
          showServerError('Could not delete the post', error);
          return;
        }
        showSuccess('Post deleted');
        await navigate('/forum');
      },
    });

  return (
    <Group gap="xs" justify="space-between">
      <Group gap="xs">
        {!post.deleted && own && <LikeCount count={post.reactionCount} />}
        {!post.deleted && !own && (
          <LikeButton
            reacted={post.viewer.reacted}
            count={post.reactionCount}
            what="this post"
            gate={gate}
            onToggle={onToggleLike}
          />
        )}
        <Group gap={4} c="dimmed" title="Views">
          <IconEye size={16} aria-hidden />
          <Text size="sm">
            {format.number(post.viewCount)} {post.viewCount === 1 ? 'view' : 'views'}
          </Text>
        </Group>
      </Group>
      <Group gap="xs">
        <ShareButton postId={post.id} />
        {!post.deleted && !own && (
          <ReportButton target={{ kind: 'post', id: post.id }} what="this post" gate={gate} />
        )}
        {post.viewer.canEdit && !post.deleted && (
          <Button
            component={PrefetchLink}
            to={`/forum/post/edit/${post.id}`}
            size="compact-sm"
            variant="subtle"
            leftSection={<IconEdit size={16} aria-hidden />}
          >
            Edit
          </Button>
        )}
        {post.viewer.canDelete && !post.deleted && (
          <ActionButton icon={IconTrash} tone="red" onClick={onDelete}>
            Delete
          </ActionButton>
        )}
        {isModerator && <ThreadModeration post={post} />}
      </Group>
    </Group>
  );
}
