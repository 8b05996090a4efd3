import type { PostSummary } from '../../../shared/forum';
import { RatingStars } from '../../components/rating-stars';
import { QueryList } from '../../components/query-list';
import { PrefetchLink } from '../../shell/prefetch-link';
import { useAuthorPosts } from './api/get-author-posts';
import { useFormats, type Formats } from '../../components/format-time';
import badge from '../../components/plain-badge.module.css';
import rows from '../../components/rows.module.css';
import classes from './author-rows.module.css';

function replies(count: number, format: Formats): string {
  return `${format.number(count)} ${count === 1 ? 'reply' : 'replies'}`;
}

function AuthorPostRow({ post }: { post: PostSummary }) {
  const format = useFormats();
  return (
    <li className={classes.row}>
      <PrefetchLink to={`/forum/post/${post.id}`} className={classes.title}>
        {post.title}
      </PrefetchLink>
      <div className={classes.details}>
        <span className={`${badge.badge} ${badge.shrinks} ${badge.md} ${badge.light}`}>
          {post.category.name}
        </span>
        {post.filmTitle !== null && (
          <p className={`${rows.small} ${rows.italic}`}>{post.filmTitle}</p>
        )}
        {post.rating !== null && <RatingStars rating={post.rating} />}
        <p className={`${rows.small} ${rows.dimmed}`}>{replies(post.replyCount, format)}</p>
        <p className={`${rows.small} ${rows.dimmed}`}>
          <time dateTime={post.createdAt} title={format.dateTime(post.createdAt)}>
            {format.date(post.createdAt)}
          </time>
        </p>
      </div>
    </li>
  );
}

/** The threads a user started, newest first, a page at a time. */
export function AuthorPostList({ username, name }: { username: string; name: string }) {
  const posts = useAuthorPosts(username);

  return (
    <QueryList
      query={posts}
      items={posts.data?.pages.flatMap((page) => page.items) ?? []}
      label={`Posts by ${name}`}
      subject="the posts"
      empty={`${name} has not started any threads yet.`}
      moreLabel="Load more posts"
      renderItem={(post) => <AuthorPostRow key={post.id} post={post} />}
    />
  );
}
