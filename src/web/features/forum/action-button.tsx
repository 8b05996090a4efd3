import { Button, type MantineColor } from '@mantine/core';
import type { Icon } from '../../components/icons';
import type { ReactNode } from 'react';

interface ActionButtonProps {
  icon: Icon;
  /** The accessible name where the word alone would not say what it acts on ("Quote the reply by Ana"). */
  label?: string;
  color?: MantineColor;
  onClick: () => void;
  children: ReactNode;
}

/** One of the small text buttons under a thread or a reply: an icon and a word. */
export function ActionButton({
  icon: ActionIcon,
  label,
  color = 'gray',
  onClick,
  children,
}: ActionButtonProps) {
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      color={color}
      leftSection={<ActionIcon size={16} aria-hidden />}
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
