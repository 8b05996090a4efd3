import { QueryList } from '../../components/query-list';
import { useLeadArticle } from './api/get-news';
import { NewsCard } from './news-card';

/** The featured article (or the newest when none is featured), for the home page. */
export function LeadArticle() {
  const lead = useLeadArticle();
  return (
    <QueryList
      query={lead}
      items={lead.data?.items ?? []}
      label="Featured news"
      subject="the news"
      empty="No news yet."
      renderItem={(article) => <NewsCard key={article.id} article={article} headingOrder={3} />}
    />
  );
}
