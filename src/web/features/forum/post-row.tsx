import { IconHeart, IconLock, IconMessage, IconPin } from '../../components/icons';
import { memo, type ReactNode } from 'react';
import type { PostSummary } from '../../../shared/forum';
import { AuthorLink } from '../../components/author-link';
import { RatingStars } from '../../components/rating-stars';
import { UserAvatar } from '../../components/user-avatar';
import { PrefetchLink } from '../../shell/prefetch-link';
import { PostTags } from './post-tags';
import { RelativeTime } from './relative-time';
import { UnreadBadge } from '../../components/unread-badge';
import { useFormats } from '../../components/format-time';
import badge from '../../components/plain-badge.module.css';
import rows from '../../components/rows.module.css';
import classes from './post-row.module.css';

interface CountProps {
  icon: ReactNode;
  value: number;
  one: string;
  many: string;
}

/** An icon and a number, read as "12 replies". */
function Count({ icon, value, one, many }: CountProps) {
  const noun = value === 1 ? one : many;
  const format = useFormats();
  return (
    <div className={classes.count} title={`${format.number(value)} ${noun}`}>
      {icon}
      <p className={rows.small}>
        {format.number(value)}
        <span className={rows.visuallyHidden}> {noun}</span>
      </p>
    </div>
  );
}

/** One thread in the /forum list. Memoised: loading another page leaves existing rows alone. */
export const PostRow = memo(function PostRow({ post }: { post: PostSummary }) {
  return (
    <li className={classes.row} data-testid="post-row">
      <div className={classes.main}>
        <div className={classes.titleLine}>
          {post.pinned && <IconPin size={16} aria-label="Pinned" role="img" />}
          {post.locked && <IconLock size={16} aria-label="Locked" role="img" />}
          <PrefetchLink to={`/forum/post/${post.id}`} className={rows.titleLg}>
            {post.title}
          </PrefetchLink>
          <UnreadBadge unread={post.unread} />
        </div>
        {post.rating !== null && (
          <div className={classes.line}>
            {post.filmTitle && <p className={`${rows.small} ${rows.italic}`}>{post.filmTitle}</p>}
            <RatingStars rating={post.rating} />
          </div>
        )}
        <div className={classes.meta}>
          <UserAvatar author={post.author} size={22} />
          <span className={rows.small}>
            <AuthorLink author={post.author} />
          </span>
          <span className={`${badge.badge} ${badge.shrinks} ${badge.sm} ${badge.outline}`}>
            {post.category.name}
          </span>
          <span className={rows.small}>
            active <RelativeTime iso={post.lastActivityAt} />
          </span>
        </div>
        <PostTags tags={post.tags} />
      </div>
      <div className={classes.counts}>
        <Count
          icon={<IconMessage size={16} aria-hidden />}
          value={post.replyCount}
          one="reply"
          many="replies"
        />
        <Count
          icon={<IconHeart size={16} aria-hidden />}
          value={post.reactionCount}
          one="like"
          many="likes"
        />
      </div>
    </li>
  );
});
