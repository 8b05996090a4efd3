import { Link, useSearchParams } from 'react-router';
import badge from '../../components/plain-badge.module.css';
import { withFilters } from './use-forum-filters';
import classes from './post-tags.module.css';

/** A thread's tags, each a link to the forum filtered by it. */
export function PostTags({ tags }: { tags: readonly string[] }) {
  const [params] = useSearchParams();
  if (tags.length === 0) return null;
  return (
    <ul className={classes.tags} aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            to={{ pathname: '/forum', search: withFilters(params, { tag }).toString() }}
            className={`${badge.badge} ${badge.sm} ${badge.grayLight}`}
            aria-label={`Show threads tagged ${tag}`}
          >
            #{tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
