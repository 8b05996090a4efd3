import { reviewsCategorySlug, type PostSummary } from '../../../shared/forum';
import { AuthorLink } from '../../components/author-link';
import { QueryList } from '../../components/query-list';
import { RatingStars } from '../../components/rating-stars';
import { UserAvatar } from '../../components/user-avatar';
import { PrefetchLink } from '../../shell/prefetch-link';
import { useQuery } from '@tanstack/react-query';
import { latestThreadsQuery, newestReviewsQuery } from './prefetch';
import { RelativeTime } from './relative-time';
import { useFormats } from '../../components/format-time';
import rows from '../../components/rows.module.css';
import classes from './recent-posts.module.css';

/** One thread in a short list: its title, the review's film and rating, who and when. */
function RecentPost({ post, when }: { post: PostSummary; when: 'active' | 'posted' }) {
  const format = useFormats();
  const replies = post.replyCount === 1 ? '1 reply' : `${format.number(post.replyCount)} replies`;
  return (
    <li className={classes.post}>
      <PrefetchLink to={`/forum/post/${post.id}`} className={rows.titleMd}>
        {post.title}
      </PrefetchLink>
      {(post.filmTitle !== null || post.rating !== null) && (
        <div className={classes.film}>
          {post.filmTitle && <p className={`${rows.small} ${rows.italic}`}>{post.filmTitle}</p>}
          {post.rating !== null && (
            <div className={classes.rating}>
              <RatingStars rating={post.rating} />
              <p className={`${rows.small} ${classes.strong}`} aria-hidden>
                {post.rating}/10
              </p>
            </div>
          )}
        </div>
      )}
      <div className={classes.byline}>
        <UserAvatar author={post.author} size={20} />
        <p className={`${rows.small} ${classes.who}`}>
          <AuthorLink author={post.author} /> · {when === 'active' ? 'active ' : ''}
          <RelativeTime iso={when === 'active' ? post.lastActivityAt : post.createdAt} /> ·{' '}
          {replies}
        </p>
      </div>
    </li>
  );
}

/** The threads with the latest activity (pinned ones first, as on /forum). */
export function LatestThreads({ limit }: { limit?: number }) {
  const posts = useQuery(latestThreadsQuery(limit));
  return (
    <QueryList
      query={posts}
      items={posts.data?.items ?? []}
      label="Latest threads"
      subject="the latest threads"
      empty="No threads yet: be the first to start one."
      gap="md"
      renderItem={(post) => <RecentPost key={post.id} post={post} when="active" />}
    />
  );
}

/** The newest threads of the Reviews category, with their film and rating. */
export function NewestReviews({ limit }: { limit?: number }) {
  const posts = useQuery(newestReviewsQuery(limit));
  return (
    <QueryList
      query={posts}
      items={posts.data?.items ?? []}
      label="Newest reviews"
      subject="the newest reviews"
      empty="No reviews yet: be the first to rate a film."
      gap="md"
      renderItem={(post) => <RecentPost key={post.id} post={post} when="posted" />}
    />
  );
}

/** Where the full list of reviews is: the forum filtered to the Reviews category. */
export const reviewsPath = `/forum?category=${reviewsCategorySlug}&sort=newest`;
