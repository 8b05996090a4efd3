import { Divider, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { isApiError } from '../../api/api-client';
import { usePost } from '../../api/get-post';
import { parsePostId } from './parse-post-id';
export { prefetchPostPage } from './prefetch';
import { PostArticle } from './post-article';
import { Replies } from './replies';
import { useSignInGate } from '../../components/use-sign-in-gate';
import { LoadError, LoadingStatus } from '../../components/query-list';
import { NotFoundPage } from '../../shell/error-page';
import { HttpStatus, useDeclaredHead } from '../../shell/render-context';
import { threadHead, threadStructuredData } from './structured-data';
import { useViewer } from '../../components/use-viewer';
import { useReading } from './api/get-reading';
import { lazy, Suspense } from 'react';

/** The watch control (a Select) loads only for members, who have a reading: not for visitors. */
const ThreadWatch = lazy(() =>
  import('./thread-watch').then((module) => ({ default: module.ThreadWatch })),
);

/** /forum/post/{id}: a thread, its replies and the reply form. */
export function PostPage() {
  const { id: param } = useParams();
  const id = parsePostId(param);
  const post = usePost(id);
  const gate = useSignInGate();
  const viewer = useViewer();
  // Only members have a place in a thread; it loads beside the thread, not after it.
  const reading = useReading(id ?? 0, id !== null && viewer !== null && viewer !== undefined);
  const shown = post.data && !post.data.deleted ? post.data : undefined;
  useDeclaredHead(shown && threadHead(shown), (origin) =>
    shown ? threadStructuredData(shown, origin) : [],
  );

  // The app's 404 page (SPEC: titled 'Page Not Found'), in place: the address stays.
  if (id === null || (isApiError(post.error) && post.error.code === 'not-found')) {
    return <NotFoundPage />;
  }
  if (post.isError) {
    return <LoadError title="Could not load the post" error={post.error} />;
  }
  if (!post.data) {
    return <LoadingStatus label="Loading the post" py="xl" />;
  }
  return (
    <Stack gap="xl" maw={900}>
      {post.data.deleted && <HttpStatus code={410} />}
      <PostArticle post={post.data} gate={gate} />
      {reading.data && !post.data.deleted && (
        <Suspense fallback={null}>
          <ThreadWatch postId={post.data.id} level={reading.data.watch} />
        </Suspense>
      )}
      <Divider />
      {/* Keyed: another thread starts its own walk to the first unread and its own reading. */}
      <Replies key={post.data.id} post={post.data} gate={gate} reading={reading.data} />
    </Stack>
  );
}
