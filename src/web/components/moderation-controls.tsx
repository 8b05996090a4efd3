import { Button, Group, Menu, Modal } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconChevronDown, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { commentModerationActions, type CommentModerationAction } from '../../shared/moderation';
import { useModerateContent, type ModerationRequest } from '../api/moderate-content';
import { sessionQueryOptions } from '../api/session';
import { confirm } from '../shell/confirm-store';
import { showServerError, showSuccess } from '../shell/server-errors';
import {
  actionLabels,
  availableActions,
  doneTitle,
  type ModeratedItem,
  type ModerationAction,
} from './moderation-actions';
import { MoveForm, ReasonForm } from './moderation-dialogs';

interface ModerationControlsProps {
  item: ModeratedItem;
  /** "this post", "the reply by Ann": names the controls and the dialogs. */
  what: string;
  /** A menu beside a thread or reply; a row of buttons in the review queue. */
  layout: 'menu' | 'buttons';
  inQueue?: boolean;
  /** Where a thread may be moved; without them, moving is not offered. */
  categories?: readonly { id: number; name: string; archived: boolean }[];
  onDone?: (action: ModerationAction) => void;
}

/**
 * The viewer's role, read from the session cache without polling of its own: a thread shows one
 * of these per reply, and the page's session query already keeps the cache fresh.
 */
export function useViewerRole() {
  return useQuery({
    ...sessionQueryOptions(),
    select: (user) => user?.role ?? null,
    refetchInterval: false,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
  }).data;
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
  const { item, what, layout, inQueue = false, categories, onDone } = props;
  const role = useViewerRole();
  const moderate = useModerateContent();
  const [dialog, setDialog] = useState<'hide' | 'purge' | 'move' | null>(null);
  const noun = item.type === 'post' ? 'Post' : 'Reply';
  const actions = availableActions(item, role, inQueue).filter(
    (action) => action !== 'move' || categories !== undefined,
  );
  if (actions.length === 0) return null;

  const run = async (action: ModerationAction, extra: { reason?: string; categoryId?: number }) => {
    const request = requestFor(item, action, extra);
    if (!request) return;
    try {
      await moderate.mutateAsync(request);
    } catch (error) {
      showServerError('The moderation action failed', error);
      return;
    }
    setDialog(null);
    const moved = categories?.find((category) => category.id === extra.categoryId);
    showSuccess(
      doneTitle(action, noun),
      action === 'hide' ? 'The author sees your reason.' : moved && `Now in ${moved.name}.`,
    );
    onDone?.(action);
  };

  const choose = (action: ModerationAction) => {
    if (action === 'hide' || action === 'purge' || action === 'move') setDialog(action);
    else void run(action, {});
  };

  const confirmPurge = (reason: string) => {
    setDialog(null);
    confirm({
      title: 'Purge for good',
      message: `Purge ${what}? It is removed for good and cannot be restored.`,
      confirmLabel: 'Purge',
      type: 'danger',
      onConfirm: () => run('purge', { reason }),
    });
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
              onClick={() => choose(action)}
            >
              {actionLabels[action]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    );

  const close = () => setDialog(null);
  const title =
    dialog === 'move' ? 'Move thread' : `${dialog === 'purge' ? 'Purge' : 'Hide'} ${what}`;

  return (
    <>
      {controls}
      <Modal opened={dialog !== null} onClose={close} title={title}>
        {dialog === 'hide' && (
          <ReasonForm
            hint="The content is hidden from everyone but its author and moderators. The author sees your reason."
            submitLabel="Hide"
            busy={moderate.isPending}
            onSubmit={(reason) => void run('hide', { reason })}
            onCancel={close}
          />
        )}
        {dialog === 'purge' && (
          <ReasonForm
            hint="Purging removes the content for good. The reason goes to the audit log."
            submitLabel="Continue"
            danger
            busy={false}
            onSubmit={confirmPurge}
            onCancel={close}
          />
        )}
        {dialog === 'move' && categories && (
          <MoveForm
            categories={categories}
            currentId={item.categoryId}
            busy={moderate.isPending}
            onSubmit={(categoryId) => void run('move', { categoryId })}
            onCancel={close}
          />
        )}
      </Modal>
    </>
  );
}
