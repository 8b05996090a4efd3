import { Avatar, Button, Group, Notification, Progress, Stack, Text } from '@mantine/core';
import type { MouseEvent } from 'react';
import { useEffect, useState } from 'react';
import { remainingTime, toast, useToasts, type Toast } from './toast-store';

/** How often the progress bar is redrawn while a countdown runs. */
const PROGRESS_TICK_MS = 100;

function ToastProgress({ item }: { item: Toast }) {
  const [now, setNow] = useState(() => Date.now());
  const running = item.runningSince !== null;

  useEffect(() => {
    if (!running) return;
    const interval = setInterval(() => setNow(Date.now()), PROGRESS_TICK_MS);
    return () => clearInterval(interval);
  }, [running]);

  const percent = Math.round((remainingTime(item, running ? now : undefined) / item.timeout) * 100);
  return (
    <Progress.Root size="xs" mt="xs" transitionDuration={PROGRESS_TICK_MS}>
      <Progress.Section
        value={percent}
        color={item.color}
        aria-label="Time before this notification closes"
        data-testid="toast-progress"
      />
    </Progress.Root>
  );
}

function ToastItem({ item }: { item: Toast }) {
  const onBodyClick = (event: MouseEvent<HTMLDivElement>) => {
    // Buttons inside the toast (actions, close) have their own meaning.
    if (event.target instanceof Element && event.target.closest('button')) return;
    item.onClick?.();
  };

  const avatar = item.avatar ? <Avatar src={item.avatar} alt="" size={38} radius="xl" /> : null;
  return (
    <Notification
      role="status"
      data-testid="toast"
      title={item.title}
      icon={avatar ?? item.icon}
      color={item.color}
      withBorder
      withCloseButton={item.closeButton}
      closeButtonProps={{ 'aria-label': 'Close notification' }}
      onClose={() => toast.close(item.id)}
      onMouseEnter={() => toast.pause(item.id)}
      onMouseLeave={() => toast.resume(item.id)}
      onClick={onBodyClick}
      styles={avatar ? { icon: { backgroundColor: 'transparent' } } : undefined}
      style={{ cursor: item.onClick ? 'pointer' : undefined }}
    >
      {item.description !== undefined && (
        <Text size="sm" component="div">
          {item.description}
        </Text>
      )}
      {item.actions && item.actions.length > 0 && (
        <Group gap="xs" mt="xs">
          {item.actions.map((action) => (
            <Button
              key={action.label}
              size="xs"
              variant="default"
              onClick={() => toast.runAction(item.id, action)}
            >
              {action.label}
            </Button>
          ))}
        </Group>
      )}
      {item.timeout > 0 && <ToastProgress item={item} />}
    </Notification>
  );
}

/** The toast area, fixed at the top right above everything else. */
export function ToastArea() {
  const toasts = useToasts();
  return (
    <Stack
      gap="sm"
      aria-live="polite"
      style={{
        position: 'fixed',
        // Below the header, so its controls stay clickable while a toast is up.
        top: 72,
        right: 'var(--mantine-spacing-md)',
        width: 'min(380px, calc(100vw - 2 * var(--mantine-spacing-md)))',
        zIndex: 1000,
        pointerEvents: toasts.length > 0 ? undefined : 'none',
      }}
    >
      {toasts.map((item) => (
        <ToastItem key={item.id} item={item} />
      ))}
    </Stack>
  );
}
