CREATE TABLE "thread_views" (
	"post_id" bigint PRIMARY KEY NOT NULL,
	"views" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "thread_views" ADD CONSTRAINT "thread_views_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The counts so far move to the narrow table (views.ts writes them there in batches).
INSERT INTO "thread_views" ("post_id", "views") SELECT "id", "view_count" FROM "posts" WHERE "view_count" > 0;--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "view_count";