import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Author } from '../../../shared/forum';
import { newsStatusLabels } from '../../../shared/news';
import {
  searchHitPath,
  type ChatHit,
  type FilmHit,
  type NewsHit,
  type PostHit,
  type ReplyHit,
  type SearchHit,
  type UserHit,
} from '../../../shared/search';
import { AuthorLink } from '../../components/author-link';
import { useFormats } from '../../components/format-time';
import { RatingStars } from '../../components/rating-stars';
import { RoleBadge } from '../../components/role-badge';
import { UserAvatar } from '../../components/user-avatar';
import { PrefetchLink } from '../../shell/prefetch-link';
import { filmRatingLine } from './film-hit-words';
import { HighlightedText, plainText } from './highlighted-text';
import badge from '../../components/plain-badge.module.css';
import rows from '../../components/rows.module.css';
import classes from './search-hits.module.css';

/** One result: a bordered list item; its link opens the result where it lives now. */
function HitFrame({
  hit,
  aside,
  children,
}: {
  hit: SearchHit;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const testId = `${hit.kind}-hit`;
  if (aside === undefined) {
    return (
      <li className={classes.hit} data-testid={testId}>
        {children}
      </li>
    );
  }
  return (
    <li className={`${classes.hit} ${classes.withAside}`} data-testid={testId}>
      {aside}
      <div className={classes.body}>{children}</div>
    </li>
  );
}

/** `title` names a highlighted link in one piece, as it reads, whatever the marks split. */
function HitLink({
  hit,
  title,
  children,
}: {
  hit: SearchHit;
  title?: string;
  children: ReactNode;
}) {
  return (
    <PrefetchLink to={searchHitPath(hit)} aria-label={title} className={rows.titleLg}>
      {children}
    </PrefetchLink>
  );
}

function Snippet({ parts }: { parts: PostHit['snippet'] }) {
  if (parts.length === 0) return null;
  return (
    <p className={`${rows.small} ${classes.snippet}`}>
      <HighlightedText parts={parts} />
    </p>
  );
}

function Day({ iso, prefix }: { iso: string; prefix?: string }) {
  const format = useFormats();
  return (
    <span className={rows.small}>
      {prefix}
      <time dateTime={iso} title={format.full(iso)}>
        {format.day(iso)}
      </time>
    </span>
  );
}

function Byline({ author, children }: { author: Author; children?: ReactNode }) {
  return (
    <div className={classes.meta}>
      <UserAvatar author={author} size={22} />
      <span className={rows.small}>
        <AuthorLink author={author} />
      </span>
      {children}
    </div>
  );
}

/** Hidden content reaches moderators only; they should see at once that it is hidden. */
function HiddenBadge({ hidden }: { hidden: boolean }) {
  if (!hidden) return null;
  return (
    <Badge color="red.9" variant="filled" tt="none">
      Hidden
    </Badge>
  );
}

function PostResult({ hit }: { hit: PostHit }) {
  const format = useFormats();
  const replies = `${format.number(hit.replyCount)} ${hit.replyCount === 1 ? 'reply' : 'replies'}`;
  return (
    <HitFrame hit={hit}>
      <div className={classes.titleLine}>
        <HitLink hit={hit} title={plainText(hit.title)}>
          <HighlightedText parts={hit.title} />
        </HitLink>
        <HiddenBadge hidden={hit.hidden} />
      </div>
      {hit.rating !== null && (
        <div className={classes.line}>
          {hit.filmTitle && <p className={`${rows.small} ${rows.italic}`}>{hit.filmTitle}</p>}
          <RatingStars rating={hit.rating} />
        </div>
      )}
      <Snippet parts={hit.snippet} />
      <Byline author={hit.author}>
        <span className={`${badge.badge} ${badge.shrinks} ${badge.sm} ${badge.outline}`}>
          {hit.category.name}
        </span>
        <Day iso={hit.createdAt} />
        <span className={rows.small}>{replies}</span>
      </Byline>
    </HitFrame>
  );
}

function FilmResult({ hit }: { hit: FilmHit }) {
  const original = hit.originalTitle !== null && hit.originalTitle !== hit.title;
  return (
    <HitFrame hit={hit}>
      <div className={classes.titleLine}>
        <HitLink hit={hit}>{hit.title}</HitLink>
        <span className={rows.small}>{hit.year ?? 'Year unknown'}</span>
      </div>
      {original && <p className={`${rows.small} ${rows.italic}`}>{hit.originalTitle}</p>}
      <div className={classes.meta}>
        <span className={rows.small}>{filmRatingLine(hit)}</span>
      </div>
    </HitFrame>
  );
}

function ReplyResult({ hit }: { hit: ReplyHit }) {
  return (
    <HitFrame hit={hit}>
      <div className={classes.titleLine}>
        <HitLink hit={hit}>Reply in {hit.postTitle}</HitLink>
        <HiddenBadge hidden={hit.hidden} />
      </div>
      <Snippet parts={hit.snippet} />
      <Byline author={hit.author}>
        <Day iso={hit.createdAt} />
      </Byline>
    </HitFrame>
  );
}

function NewsResult({ hit }: { hit: NewsHit }) {
  const status = hit.publishedAt === null ? 'draft' : 'scheduled';
  return (
    <HitFrame hit={hit}>
      <div className={classes.titleLine}>
        <HitLink hit={hit} title={plainText(hit.title)}>
          <HighlightedText parts={hit.title} />
        </HitLink>
        {!hit.published && (
          <Badge color={status === 'draft' ? 'gray' : 'blue'} variant="light">
            {newsStatusLabels[status]}
          </Badge>
        )}
      </div>
      <Snippet parts={hit.snippet} />
      {hit.publishedAt !== null && (
        <div className={classes.meta}>
          <Day iso={hit.publishedAt} />
        </div>
      )}
    </HitFrame>
  );
}

function UserResult({ hit }: { hit: UserHit }) {
  return (
    <HitFrame hit={hit} aside={<UserAvatar author={hit} size={44} />}>
      <div className={classes.line}>
        <HitLink hit={hit}>{hit.name}</HitLink>
        {hit.role !== null && <RoleBadge role={hit.role} />}
        {hit.blocked && (
          <Badge color="red.9" variant="filled" tt="none">
            Blocked
          </Badge>
        )}
      </div>
      <div className={classes.meta}>
        <span className={rows.small}>@{hit.username}</span>
        <Day iso={hit.joinedAt} prefix="Joined " />
      </div>
    </HitFrame>
  );
}

function ChatResult({ hit }: { hit: ChatHit }) {
  return (
    <HitFrame hit={hit}>
      <div className={classes.titleLine}>
        <HitLink hit={hit}>Message in {hit.roomName}</HitLink>
        <HiddenBadge hidden={hit.hidden} />
      </div>
      <Snippet parts={hit.snippet} />
      <Byline author={hit.author}>
        <Day iso={hit.createdAt} />
      </Byline>
    </HitFrame>
  );
}

/** A result as the search page lists it, drawn by its kind. */
export function SearchHitRow({ hit }: { hit: SearchHit }) {
  switch (hit.kind) {
    case 'posts':
      return <PostResult hit={hit} />;
    case 'films':
      return <FilmResult hit={hit} />;
    case 'replies':
      return <ReplyResult hit={hit} />;
    case 'news':
      return <NewsResult hit={hit} />;
    case 'users':
      return <UserResult hit={hit} />;
    case 'chat':
      return <ChatResult hit={hit} />;
  }
}
