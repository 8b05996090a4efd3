ALTER TABLE "sessions" ADD COLUMN "signed_in_with" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_chosen" boolean DEFAULT true NOT NULL;