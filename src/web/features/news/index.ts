/* What other features may use of the news: the article the home page leads with. */
export { LeadArticle } from './lead-article';
export { prefetchLeadArticle } from './prefetch';
