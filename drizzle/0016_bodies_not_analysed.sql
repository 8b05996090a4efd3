-- No query filters, joins or sorts by a body's text, so its statistics serve no plan, and
-- gathering them was a third to a half of what analysing these tables cost: 30,000 bodies
-- read and compared. On PGlite every request waits while it runs (decision 032).
ALTER TABLE "posts" ALTER COLUMN "body_source" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "posts" ALTER COLUMN "body_html" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "comments" ALTER COLUMN "body_source" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "comments" ALTER COLUMN "body_html" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "news_articles" ALTER COLUMN "body_source" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "news_articles" ALTER COLUMN "body_html" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "chat_messages" ALTER COLUMN "body_source" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "chat_messages" ALTER COLUMN "body_html" SET STATISTICS 0;
