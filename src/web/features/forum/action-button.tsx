import type { ButtonHTMLAttributes, ReactNode } from 'react';
import type { Icon } from '../../components/icons';
import classes from './action-button.module.css';

interface ActionButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'> {
  icon: Icon;
  /** The accessible name where the word alone would not say what it acts on ("Quote the reply by Ana"). */
  label?: string;
  /** Gray or red text on no background, or red on light red (a like given). */
  tone?: 'gray' | 'red' | 'redLight';
  children: ReactNode;
}

/**
 * One of the small text buttons under a thread or a reply: an icon and a word, drawn as
 * Mantine's compact subtle Button looks (action-button.module.css), with Mantine's focus ring
 * and press.
 */
export function ActionButton({
  icon: ActionIcon,
  label,
  tone = 'gray',
  children,
  ...rest
}: ActionButtonProps) {
  return (
    <button
      type="button"
      className={`mantine-focus-auto mantine-active ${classes.button} ${classes[tone]}`}
      aria-label={label}
      {...rest}
    >
      <ActionIcon size={16} aria-hidden />
      <span className={classes.label}>{children}</span>
    </button>
  );
}
