import { Button } from '@mantine/core';
import { IconChevronDown, IconShieldCheck } from './icons';
import { lazy, Suspense } from 'react';
import { availableActions, rankOfAuthor } from './moderation-actions';
import type { ModerationControlsProps } from './moderation-controls';
import { useViewer } from './use-viewer';

const ModerationControls = lazy(() =>
  import('./moderation-controls').then((module) => ({ default: module.ModerationControls })),
);

/** Keeps the menu button's place, unseen, while its code loads: the buttons beside it stay put. */
function MenuPlaceholder() {
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      color="gray"
      leftSection={<IconShieldCheck size={16} aria-hidden />}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      style={{ visibility: 'hidden' }}
      aria-hidden
      tabIndex={-1}
    >
      Moderate
    </Button>
  );
}

type ModerationMenuProps = Omit<ModerationControlsProps, 'layout' | 'inQueue'>;

/**
 * The moderator's menu beside a thread or a reply. Its code (the actions, their reason and move
 * dialogs) loads only for a viewer with something to do on this item, so readers load none of it.
 */
export function ModerationMenu(props: ModerationMenuProps) {
  const viewer = useViewer();
  if (availableActions(props.item, viewer, rankOfAuthor(props.author)).length === 0) return null;
  return (
    <Suspense fallback={<MenuPlaceholder />}>
      <ModerationControls {...props} layout="menu" />
    </Suspense>
  );
}
