ALTER TABLE "donation_checkouts" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "donations" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "donations" ALTER COLUMN "amount_refunded" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payment_refunds" ALTER COLUMN "amount_refunded" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "donation_subscriptions" ADD COLUMN "stop_requested_at" timestamp with time zone;