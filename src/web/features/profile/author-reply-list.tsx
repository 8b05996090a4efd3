import type { z } from 'zod';
import type { authorCommentSchema } from '../../../shared/forum';
import { QueryList } from '../../components/query-list';
import { RenderedMarkdown } from '../../components/rendered-markdown';
import { PrefetchLink } from '../../shell/prefetch-link';
import { useAuthorComments } from './api/get-author-comments';
import { useFormats } from '../../components/format-time';
import rows from '../../components/rows.module.css';
import classes from './author-rows.module.css';

type AuthorComment = z.infer<typeof authorCommentSchema>;

function AuthorReplyRow({ reply }: { reply: AuthorComment }) {
  const format = useFormats();
  return (
    <li className={classes.row}>
      <div className={classes.head}>
        <p className={rows.small}>
          In{' '}
          <PrefetchLink to={`/forum/post/${reply.post.id}`} className={classes.thread}>
            {reply.post.title}
          </PrefetchLink>
        </p>
        <p className={`${rows.small} ${rows.dimmed}`}>
          <time dateTime={reply.createdAt} title={format.dateTime(reply.createdAt)}>
            {format.date(reply.createdAt)}
          </time>
        </p>
      </div>
      <RenderedMarkdown html={reply.bodyHtml} />
    </li>
  );
}

/** A user's replies, newest first, each under the title of its thread. */
export function AuthorReplyList({ username, name }: { username: string; name: string }) {
  const replies = useAuthorComments(username);

  return (
    <QueryList
      query={replies}
      items={replies.data?.pages.flatMap((page) => page.items) ?? []}
      label={`Replies by ${name}`}
      subject="the replies"
      empty={`${name} has not replied to any threads yet.`}
      moreLabel="Load more replies"
      renderItem={(reply) => <AuthorReplyRow key={reply.id} reply={reply} />}
    />
  );
}
