import { Badge, Group } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { withFilters } from './use-forum-filters';

/** A thread's tags, each a link to the forum filtered by it. */
export function PostTags({ tags }: { tags: readonly string[] }) {
  const [params] = useSearchParams();
  if (tags.length === 0) return null;
  return (
    <Group gap={4} component="ul" aria-label="Tags" style={{ listStyle: 'none', padding: 0 }}>
      {tags.map((tag) => (
        <li key={tag}>
          <Badge
            component={Link}
            to={{ pathname: '/forum', search: withFilters(params, { tag }).toString() }}
            variant="light"
            color="gray"
            size="sm"
            style={{ cursor: 'pointer', textTransform: 'none' }}
            aria-label={`Show threads tagged ${tag}`}
          >
            #{tag}
          </Badge>
        </li>
      ))}
    </Group>
  );
}
