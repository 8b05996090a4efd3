import { Badge } from '@mantine/core';
import { IconStar } from '../../components/icons';
import type { NewsSummary } from '../../../shared/news';
import { useFormats } from '../../components/format-time';
import { UnreadBadge } from '../../components/unread-badge';
import { PrefetchLink } from '../../shell/prefetch-link';
import classes from './news-card.module.css';

interface NewsCardProps {
  article: NewsSummary;
  /** The title's heading level: 2 on /news, 3 under a section's heading. */
  headingOrder?: 2 | 3;
}

/** One article in the list: cover thumbnail, title, summary and date. */
export function NewsCard({ article, headingOrder = 2 }: NewsCardProps) {
  const format = useFormats();
  const date = article.publishAt ?? article.createdAt;
  const titleId = `news-${article.id}-title`;
  const Heading = headingOrder === 2 ? 'h2' : 'h3';
  return (
    <li className={classes.card} aria-labelledby={titleId}>
      {article.cover && (
        <img className={classes.cover} src={article.cover.thumbnailUrl} alt={article.cover.alt} />
      )}
      <div className={classes.body}>
        <div className={classes.line}>
          {article.featured && (
            <Badge size="sm" variant="light" leftSection={<IconStar size={12} aria-hidden />}>
              Featured
            </Badge>
          )}
          <p className={classes.small}>
            <time dateTime={date} title={format.full(date)}>
              {format.date(date)}
            </time>
          </p>
        </div>
        <Heading className={classes.heading} id={titleId}>
          <PrefetchLink to={`/news/${article.id}`} className={classes.link}>
            {article.title}
          </PrefetchLink>
        </Heading>
        <p className={classes.summary}>{article.summary}</p>
        <div className={classes.line}>
          <p className={classes.small}>
            {article.commentCount === 1
              ? '1 reply'
              : `${format.number(article.commentCount)} replies`}
          </p>
          <UnreadBadge unread={article.unread} />
        </div>
      </div>
    </li>
  );
}
