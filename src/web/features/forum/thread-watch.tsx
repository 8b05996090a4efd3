import type { WatchLevel } from '../../../shared/forum';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { useWatchThread } from './api/watch-thread';
import { WatchSelect, watchChangedTitle } from './watch-select';

/** A signed-in member's choice of which of this thread's replies notify them. */
export function ThreadWatch({ postId, level }: { postId: number; level: WatchLevel }) {
  const watch = useWatchThread();
  const onChange = (chosen: WatchLevel) =>
    watch.mutate(
      { postId, level: chosen },
      {
        onSuccess: (saved) => showSuccess(watchChangedTitle('thread', saved)),
        onError: (error) => showServerError('Could not change the notifications', error),
      },
    );
  // The choice shows at once; a refusal puts the saved level back.
  const shown = watch.isPending ? watch.variables.level : level;
  return <WatchSelect subject="thread" level={shown} onChange={onChange} />;
}
