import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createCommentService, createForumReads } from '../../src/server/features/forum/index.js';
import { createNewsService } from '../../src/server/features/news/index.js';
import { createMemoryBus } from '../../src/server/platform/bus/bus.js';
import { createUploadsService } from '../../src/server/features/uploads/index.js';
import { comments as forumComments, newsArticles } from '../../src/server/schema.js';
import { createNewsBody } from '../../src/shared/news.js';
import { demoArticles, type DemoArticle } from './content/news.js';
import { findReply, nobodyReading } from './forum.js';
import { daysAgo, viewerOf, type DemoSite } from './site.js';

const escapeXml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot' }[c]};`);

/** A wide banner with a few words on it, as an admin would upload for a cover. */
function coverImage({ hue, label }: { hue: number; label: string }): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
  <rect width="1200" height="630" fill="hsl(${hue}, 70%, 45%)"/>
  <circle cx="1040" cy="120" r="220" fill="hsl(${hue}, 80%, 60%)"/>
  <text x="80" y="360" fill="#fff" font-family="DejaVu Sans, Arial, sans-serif"
    font-size="96" font-weight="700">${escapeXml(label)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function findArticle(site: DemoSite, title: string) {
  const [row] = await site.db
    .select({ id: newsArticles.id })
    .from(newsArticles)
    .where(eq(newsArticles.title, title));
  return row?.id;
}

/**
 * The article through the news service (Markdown rendered, audit entry, discussion opened on
 * its first read), its cover uploaded like any image, and its creation time set back so the
 * admins' list has an order.
 */
async function createArticle(site: DemoSite, article: DemoArticle) {
  const admin = await viewerOf(site.db, 'margot');
  const uploads = createUploadsService({
    db: site.db,
    storage: site.storage,
    quotaBytes: site.config.uploadQuotaBytes,
  });
  const cover = article.cover
    ? {
        url: (await uploads.upload(admin, 'post', await coverImage(article.cover))).url,
        alt: article.cover.alt,
      }
    : null;
  const publishAt =
    article.publishedDaysAgo === undefined ? null : daysAgo(article.publishedDaysAgo).toISOString();
  const created = await createNewsService(site.db).create(
    admin,
    createNewsBody.parse({
      title: article.title,
      summary: article.summary,
      body: article.body,
      cover,
      status: article.status,
      publishAt,
      featured: article.featured ?? false,
    }),
  );
  const writtenAt = daysAgo(Math.max(article.publishedDaysAgo ?? 1, 1) + 0.5);
  await site.db
    .update(newsArticles)
    .set({ createdAt: writtenAt, updatedAt: writtenAt })
    .where(eq(newsArticles.id, created.id));
  return created;
}

/** The demo's news articles, found again by title; a public one's comments are its replies. */
export async function seedNews(site: DemoSite): Promise<void> {
  const news = createNewsService(site.db);
  const comments = createCommentService({
    db: site.db,
    reads: createForumReads(site.db, { listCacheMs: 0, bus: createMemoryBus() }),
    live: nobodyReading,
  });
  for (const article of demoArticles) {
    const id = await findArticle(site, article.title);
    const admin = await viewerOf(site.db, 'margot');
    const { discussionPostId } =
      id === undefined ? await createArticle(site, article) : await news.read(admin, id);
    if (discussionPostId === null) continue;
    for (const [index, comment] of (article.comments ?? []).entries()) {
      const member = await viewerOf(site.db, comment.author);
      if (await findReply(site, discussionPostId, member.id, comment.body)) continue;
      const { id: replyId } = await comments.create(member, discussionPostId, {
        body: comment.body,
      });
      // Comments come in over the hours after the article went out.
      const at = daysAgo((article.publishedDaysAgo ?? 0) - (index + 1) / 8);
      await site.db
        .update(forumComments)
        .set({ createdAt: at })
        .where(eq(forumComments.id, replyId));
    }
  }
}
