import { Button, UnstyledButton } from '@mantine/core';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import type { Icon } from '../../components/icons';
import classes from './action-button.module.css';

interface ActionButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'> {
  icon: Icon;
  /** The accessible name where the word alone would not say what it acts on ("Quote the reply by Ana"). */
  label?: string;
  color?: 'gray' | 'red';
  variant?: 'subtle' | 'light';
  children: ReactNode;
}

const rootClass = `mantine-focus-auto mantine-active ${Button.classes.root} ${UnstyledButton.classes.root} ${classes.button}`;

/**
 * One of the small text buttons under a thread or a reply: an icon and a word. Mantine's Button
 * at size compact-sm, drawn as its elements with its own classes: a thread page has a hundred
 * and more of them, and each Button resolved its props and wrote nine variables into a style
 * attribute, on the server for every page.
 */
export function ActionButton({
  icon: ActionIcon,
  label,
  color = 'gray',
  variant = 'subtle',
  children,
  ...rest
}: ActionButtonProps) {
  return (
    <button
      type="button"
      className={rootClass}
      data-variant={variant}
      data-color={color}
      data-size="compact-sm"
      data-with-left-section
      aria-label={label}
      {...rest}
    >
      <span className={Button.classes.inner}>
        <span className={Button.classes.section} data-position="left">
          <ActionIcon size={16} aria-hidden />
        </span>
        <span className={Button.classes.label}>{children}</span>
      </span>
    </button>
  );
}
