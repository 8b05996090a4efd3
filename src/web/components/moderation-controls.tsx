import { Button, Group, Menu } from '@mantine/core';
import { IconChevronDown, IconShieldCheck } from './icons';
import { useState } from 'react';
import type { Author } from '../../shared/forum';
import {
  commentModerationActions,
  type CommentModerationAction,
} from '../../shared/moderation-actions';
import { useModerateContent, type ModerationRequest } from '../api/moderate-content';
import { confirm } from '../shell/confirm-store';
import { showServerError, showSuccess } from '../shell/server-errors';
import {
  actionLabels,
  availableActions,
  doneTitle,
  rankOfAuthor,
  type ModeratedItem,
  type ModerationAction,
} from './moderation-actions';
import { ModerationDialogs, type ModerationDialog } from './moderation-dialogs';
import { useViewer } from './use-viewer';

// The review queue reads the viewer from here too.
export { useViewer };

export interface ModerationControlsProps {
  item: ModeratedItem;
  /** Who wrote it: the rank rule decides whether the viewer may act at all. */
  author: Author;
  /** "this post", "the reply by Ann": names the controls and the dialogs. */
  what: string;
  /** A menu beside a thread or reply; a row of buttons in the review queue. */
  layout: 'menu' | 'buttons';
  inQueue?: boolean;
  /** Where a thread may be moved; without them, moving is not offered. */
  categories?: readonly { id: number; name: string; archived: boolean }[];
  onDone?: (action: ModerationAction) => void;
}

function isCommentAction(action: ModerationAction): action is CommentModerationAction {
  return (commentModerationActions as readonly string[]).includes(action);
}

function requestFor(
  item: ModeratedItem,
  action: ModerationAction,
  extra: { reason?: string; categoryId?: number },
): ModerationRequest | null {
  if (item.type === 'post') return { type: 'post', postId: item.postId, action, ...extra };
  if (item.commentId === null || !isCommentAction(action)) return null;
  return {
    type: 'comment',
    postId: item.postId,
    commentId: item.commentId,
    action,
    reason: extra.reason,
  };
}

/** The moderator's actions on one item, with the reason, move and purge dialogs they need. */
export function ModerationControls(props: ModerationControlsProps) {
  const { item, author, what, layout, inQueue = false, categories, onDone } = props;
  const viewer = useViewer();
  const moderate = useModerateContent();
  const [dialog, setDialog] = useState<ModerationDialog | null>(null);
  const noun = item.type === 'post' ? 'Post' : 'Reply';
  const actions = availableActions(item, viewer, rankOfAuthor(author), inQueue).filter(
    (action) => action !== 'move' || categories !== undefined,
  );
  if (actions.length === 0) return null;

  /** Takes the action and says so; rejects with the server's refusal. */
  const run = async (action: ModerationAction, extra: { reason?: string; categoryId?: number }) => {
    const request = requestFor(item, action, extra);
    if (!request) return;
    await moderate.mutateAsync(request);
    const moved = categories?.find((category) => category.id === extra.categoryId);
    showSuccess(
      doneTitle(action, noun),
      action === 'hide' ? 'The author sees your reason.' : moved && `Now in ${moved.name}.`,
    );
    onDone?.(action);
  };
  const runNow = async (
    action: ModerationAction,
    extra: { reason?: string; categoryId?: number },
  ) => {
    try {
      await run(action, extra);
      return true;
    } catch (error) {
      showServerError('The moderation action failed', error);
      return false;
    }
  };

  const choose = (action: ModerationAction) => {
    if (action === 'hide' || action === 'purge' || action === 'move') setDialog(action);
    else void runNow(action, {});
  };

  const confirmPurge = (reason: string) =>
    confirm({
      title: 'Purge for good',
      message: `Purge ${what}? It is removed for good and cannot be restored.`,
      confirmLabel: 'Purge',
      type: 'danger',
      onConfirm: async () => {
        await runNow('purge', { reason });
      },
    });

  const move = async (categoryId: number) => {
    if (await runNow('move', { categoryId })) setDialog(null);
  };

  const controls =
    layout === 'buttons' ? (
      <Group gap="xs">
        {actions.map((action) => (
          <Button
            key={action}
            size="compact-sm"
            variant={action === 'dismiss' ? 'light' : 'default'}
            color={action === 'purge' ? 'red' : undefined}
            disabled={moderate.isPending}
            onClick={() => choose(action)}
          >
            {actionLabels[action]}
          </Button>
        ))}
      </Group>
    ) : (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            size="compact-sm"
            variant="subtle"
            color="gray"
            leftSection={<IconShieldCheck size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            loading={moderate.isPending}
            aria-label={`Moderate ${what}`}
          >
            Moderate
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {actions.map((action) => (
            <Menu.Item
              key={action}
              color={action === 'purge' ? 'red' : undefined}
              // Mantine draws a red item in red.6 (3.3:1 on white); the theme's red text is AA.
              c={action === 'purge' ? 'var(--mantine-color-red-text)' : undefined}
              onClick={() => choose(action)}
            >
              {actionLabels[action]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    );

  return (
    <>
      {controls}
      <ModerationDialogs
        dialog={dialog}
        onClose={() => setDialog(null)}
        what={what}
        categories={categories}
        categoryId={item.categoryId}
        busy={moderate.isPending}
        onHide={(reason) => run('hide', { reason })}
        onPurge={confirmPurge}
        onMove={(categoryId) => void move(categoryId)}
      />
    </>
  );
}
