import type { Category } from '../../../shared/forum';
import type { WatchLevel } from '../../../shared/forum';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { useCategoryWatch } from './api/get-category-watch';
import { useWatchCategory } from './api/watch-category';
import { WatchSelect, watchChangedTitle } from './watch-select';

/** A signed-in member's choice of which replies in the selected category notify them. */
export function CategoryWatch({ category }: { category: Pick<Category, 'id'> }) {
  const current = useCategoryWatch(category.id);
  const watch = useWatchCategory();
  // Nothing to show until the level is known; a failed read leaves the list as it was.
  if (current.data === undefined) return null;

  const onChange = (level: WatchLevel) =>
    watch.mutate(
      { categoryId: category.id, level },
      {
        onSuccess: (saved) => showSuccess(watchChangedTitle('category', saved)),
        onError: (error) => showServerError('Could not change the notifications', error),
      },
    );
  const pending = watch.isPending && watch.variables.categoryId === category.id;
  const shown = pending ? watch.variables.level : current.data;
  return <WatchSelect subject="category" level={shown} onChange={onChange} />;
}
