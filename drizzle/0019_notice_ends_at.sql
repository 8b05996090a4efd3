ALTER TABLE "notifications" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
-- Notices written before kept the end in their action ("muted until Fri, 27 Nov 2026 14:42:34 GMT").
UPDATE "notifications" SET
  "ends_at" = substring("action" from '^[a-z]+ until (.*)$')::timestamptz,
  "action" = substring("action" from '^([a-z]+) until ')
WHERE "type" = 'moderation' AND "action" ~ '^[a-z]+ until ';
