import { Badge } from '@mantine/core';
import { newsStatusLabels, type NewsStatus } from '../../../shared/news';

const colors: Record<NewsStatus, string> = { draft: 'gray', scheduled: 'blue', published: 'green' };

export function NewsStatusBadge({ status }: { status: NewsStatus }) {
  return (
    <Badge color={colors[status]} variant="light">
      {newsStatusLabels[status]}
    </Badge>
  );
}
