import { Stack, Tabs } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-client';
import { LoadError, LoadingStatus } from '../../components/query-list';
import { NotFoundPage } from '../../shell/error-page';
import type { PagePrefetch } from '../../shell/page-prefetch';
import { authorCommentsQueryOptions } from './api/get-author-comments';
import { authorPostsQueryOptions } from './api/get-author-posts';
import { profileReviewsQueryOptions } from './api/get-profile-reviews';
import { publicProfileQueryOptions, usePublicProfile } from './api/get-public-profile';
import { AuthorPostList } from './author-post-list';
import { AuthorReplyList } from './author-reply-list';
import { PublicProfileCard } from './public-profile-card';
import { ReviewDiary } from './review-diary';
import { useDeclaredHead } from '../../shell/render-context';
import { profileHead, profileStructuredData } from './structured-data';

const tabs = ['posts', 'reviews', 'replies'] as const;
type ProfileTab = (typeof tabs)[number];

function isProfileTab(value: string | null): value is ProfileTab {
  return tabs.some((tab) => tab === value);
}

/**
 * No such member, or a name nobody can hold (a control character, a name longer than any
 * address part: the API refuses those as bad input): either way there is no page here.
 */
function isMissingProfile(error: unknown): boolean {
  return (
    isApiError(error) && ['not-found', 'invalid-argument', 'out-of-range'].includes(error.code)
  );
}

/** What a profile reads: the member and the open tab's list, at once. */
export function prefetchPublicProfilePage({ params, url, queryClient }: PagePrefetch) {
  const username = params.username ?? '';
  const tab = url.searchParams.get('tab');
  return Promise.all([
    queryClient.prefetchQuery(publicProfileQueryOptions(username)),
    tab === 'replies'
      ? queryClient.prefetchInfiniteQuery(authorCommentsQueryOptions(username))
      : tab === 'reviews'
        ? queryClient.prefetchInfiniteQuery(profileReviewsQueryOptions(username))
        : queryClient.prefetchInfiniteQuery(authorPostsQueryOptions(username)),
  ]);
}

/** /u/:username: a member's public profile with their threads, reviews and replies. */
export function PublicProfilePage() {
  const { username = '' } = useParams();
  const profile = usePublicProfile(username);
  // The open tab lives in the URL (?tab=replies), so it can be shared and survives a reload.
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: ProfileTab = isProfileTab(requested) ? requested : 'posts';
  const shown = profile.data;
  useDeclaredHead(shown && profileHead(shown), (origin) =>
    shown ? profileStructuredData(shown, origin) : [],
  );

  if (profile.isPending) {
    return <LoadingStatus label="Loading the profile" py="xl" />;
  }
  if (profile.isError) {
    /*
     * The app's 404 page, rendered in place: pages here are lazy components without a loader,
     * and a render-time throw would also be logged by React as a crash.
     */
    if (isMissingProfile(profile.error)) return <NotFoundPage />;
    return <LoadError title="Could not load this profile" error={profile.error} />;
  }

  const { name } = profile.data;
  const onTabChange = (value: string | null) => {
    if (!isProfileTab(value)) return;
    setSearchParams(value === 'posts' ? {} : { tab: value }, { replace: true });
  };

  return (
    <Stack gap="xl" maw={860}>
      <PublicProfileCard profile={profile.data} />
      <Tabs value={tab} onChange={onTabChange} keepMounted={false}>
        <Tabs.List aria-label={`${name}'s activity`}>
          <Tabs.Tab value="posts">Posts</Tabs.Tab>
          <Tabs.Tab value="reviews">Reviews</Tabs.Tab>
          <Tabs.Tab value="replies">Replies</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="posts" pt="md">
          <AuthorPostList username={profile.data.username} name={name} />
        </Tabs.Panel>
        <Tabs.Panel value="reviews" pt="md">
          <ReviewDiary username={profile.data.username} name={name} />
        </Tabs.Panel>
        <Tabs.Panel value="replies" pt="md">
          <AuthorReplyList username={profile.data.username} name={name} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
