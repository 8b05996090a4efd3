/** What other features may use of news. */
export { readArticlePreview, type ArticlePreview } from './discovery/social-preview.js';
export {
  latestPublicArticles,
  publicArticlePages,
  publicArticlesInRange,
  type PublicArticleRow,
} from './discovery/discovery-repo.js';
export { publicArticle } from './repo.js';

// What the app wires (app.ts): the feature's routes and what it runs.
export { registerNewsRoutes } from './routes.js';
export { articlePublished } from './notify-events.js';

// What the demo seed, the benchmarks and the browser tests' seeds make content with (scripts/, e2e/).
export { createNewsService } from './service.js';
