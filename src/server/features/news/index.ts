/** What other features may use of news. */
export { readArticlePreview, type ArticlePreview } from './social-preview.js';
export {
  latestPublicArticles,
  publicArticlePages,
  publicArticlesInRange,
  type PublicArticleRow,
} from './discovery-repo.js';
export { publicArticle } from './repo.js';
