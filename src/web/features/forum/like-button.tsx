import { IconHeart, IconHeartFilled } from '../../components/icons';
import rows from '../../components/rows.module.css';
import { ActionButton } from './action-button';
import type { SignInGate } from '../../components/use-sign-in-gate';
import { useFormats } from '../../components/format-time';

interface LikeButtonProps {
  reacted: boolean;
  count: number;
  /** What is liked, for the accessible name: "this post". */
  what: string;
  gate: SignInGate;
  onToggle: (react: boolean) => void;
}

/**
 * The like count alone, where the viewer may not like: their own thread or reply (the server
 * refuses a like of one's own writing).
 */
export function LikeCount({ count }: { count: number }) {
  const format = useFormats();
  return (
    <div className={`${rows.iconText} ${rows.dimmed}`} title="Likes">
      <IconHeart size={16} aria-hidden />
      <p className={rows.small}>
        {format.number(count)} {count === 1 ? 'like' : 'likes'}
      </p>
    </div>
  );
}

/** A toggle (aria-pressed) with the like count; signed-out visitors are sent to sign in. */
export function LikeButton({ reacted, count, what, gate, onToggle }: LikeButtonProps) {
  const format = useFormats();
  return (
    <ActionButton
      icon={reacted ? IconHeartFilled : IconHeart}
      tone={reacted ? 'redLight' : 'gray'}
      aria-pressed={reacted}
      label={`Like ${what}, ${count} ${count === 1 ? 'like' : 'likes'}`}
      onClick={() => {
        if (gate()) onToggle(!reacted);
      }}
    >
      {format.number(count)}
    </ActionButton>
  );
}
