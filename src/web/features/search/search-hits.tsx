import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Author } from '../../../shared/forum';
import { newsStatusLabels } from '../../../shared/news';
import {
  searchResultPath,
  type ChatHit,
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
import { HighlightedText, plainText } from './highlighted-text';

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
  return (
    <Paper component="li" withBorder p="md" radius="md" data-testid={`${hit.kind}-hit`}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        {aside}
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          {children}
        </Stack>
      </Group>
    </Paper>
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
    <Anchor
      component={PrefetchLink}
      to={searchResultPath(hit)}
      aria-label={title}
      fw={600}
      size="lg"
      underline="hover"
      lineClamp={2}
    >
      {children}
    </Anchor>
  );
}

function Snippet({ parts }: { parts: PostHit['snippet'] }) {
  if (parts.length === 0) return null;
  return (
    <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
      <HighlightedText parts={parts} />
    </Text>
  );
}

function Day({ iso, prefix }: { iso: string; prefix?: string }) {
  const format = useFormats();
  return (
    <Text size="sm" span>
      {prefix}
      <time dateTime={iso} title={format.full(iso)}>
        {format.day(iso)}
      </time>
    </Text>
  );
}

function Byline({ author, children }: { author: Author; children?: ReactNode }) {
  return (
    <Group gap="xs" c="dimmed" fz="sm">
      <UserAvatar author={author} size={22} />
      <Text size="sm" span>
        <AuthorLink author={author} />
      </Text>
      {children}
    </Group>
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
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <HitLink hit={hit} title={plainText(hit.title)}>
          <HighlightedText parts={hit.title} />
        </HitLink>
        <HiddenBadge hidden={hit.hidden} />
      </Group>
      {hit.rating !== null && (
        <Group gap="xs">
          {hit.filmTitle && (
            <Text size="sm" fs="italic">
              {hit.filmTitle}
            </Text>
          )}
          <RatingStars rating={hit.rating} />
        </Group>
      )}
      <Snippet parts={hit.snippet} />
      <Byline author={hit.author}>
        <Badge variant="outline" size="sm" tt="none">
          {hit.category.name}
        </Badge>
        <Day iso={hit.createdAt} />
        <Text size="sm" span>
          {replies}
        </Text>
      </Byline>
    </HitFrame>
  );
}

function ReplyResult({ hit }: { hit: ReplyHit }) {
  return (
    <HitFrame hit={hit}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <HitLink hit={hit}>Reply in {hit.postTitle}</HitLink>
        <HiddenBadge hidden={hit.hidden} />
      </Group>
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
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <HitLink hit={hit} title={plainText(hit.title)}>
          <HighlightedText parts={hit.title} />
        </HitLink>
        {!hit.published && (
          <Badge color={status === 'draft' ? 'gray' : 'blue'} variant="light">
            {newsStatusLabels[status]}
          </Badge>
        )}
      </Group>
      <Snippet parts={hit.snippet} />
      {hit.publishedAt !== null && (
        <Group c="dimmed">
          <Day iso={hit.publishedAt} />
        </Group>
      )}
    </HitFrame>
  );
}

function UserResult({ hit }: { hit: UserHit }) {
  return (
    <HitFrame hit={hit} aside={<UserAvatar author={hit} size={44} />}>
      <Group gap="xs" align="center">
        <HitLink hit={hit}>{hit.name}</HitLink>
        {hit.role !== null && <RoleBadge role={hit.role} />}
        {hit.blocked && (
          <Badge color="red.9" variant="filled" tt="none">
            Blocked
          </Badge>
        )}
      </Group>
      <Group gap="xs" c="dimmed">
        <Text size="sm" span>
          @{hit.username}
        </Text>
        <Day iso={hit.joinedAt} prefix="Joined " />
      </Group>
    </HitFrame>
  );
}

function ChatResult({ hit }: { hit: ChatHit }) {
  return (
    <HitFrame hit={hit}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <HitLink hit={hit}>Message in {hit.roomName}</HitLink>
        <HiddenBadge hidden={hit.hidden} />
      </Group>
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
