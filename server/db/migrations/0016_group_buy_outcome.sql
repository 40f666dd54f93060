ALTER TABLE "promotion_goods" ADD COLUMN "group_outcome" text;--> statement-breakpoint
ALTER TABLE "promotion_goods" ADD COLUMN "decided_at" timestamp with time zone;