DROP INDEX "posts_latest_idx";--> statement-breakpoint
DROP INDEX "posts_newest_idx";--> statement-breakpoint
DROP INDEX "posts_top_idx";--> statement-breakpoint
CREATE INDEX "posts_latest_idx" ON "posts" USING btree ("pinned" DESC,"last_activity_at" DESC,"id" DESC,"category_id","tags") WHERE "posts"."deleted_at" is null and "posts"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "posts_newest_idx" ON "posts" USING btree ("pinned" DESC,"created_at" DESC,"id" DESC,"category_id","tags") WHERE "posts"."deleted_at" is null and "posts"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "posts_top_idx" ON "posts" USING btree ("pinned" DESC,"reaction_count" DESC,"id" DESC,"category_id","tags") WHERE "posts"."deleted_at" is null and "posts"."hidden_at" is null;