import { ActionButton } from './action-button';
import { IconShare } from '../../components/icons';
import { showSuccess } from '../../shell/server-errors';
import { toast } from '../../shell/toast-store';

/** Copies the thread's canonical address (no search, no #reply anchor). */
export function ShareButton({ postId }: { postId: number }) {
  const share = async () => {
    const url = `${window.location.origin}/forum/post/${postId}`;
    try {
      await navigator.clipboard.writeText(url);
      showSuccess('Link copied');
    } catch {
      // No clipboard (an insecure origin, a refused permission): show the link to copy by hand.
      toast.show({ title: 'Could not copy the link', description: url, color: 'yellow' });
    }
  };

  return (
    <ActionButton icon={IconShare} onClick={() => void share()}>
      Share
    </ActionButton>
  );
}
