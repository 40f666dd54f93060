ALTER TABLE "articles" ADD COLUMN "is_published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "sort" integer DEFAULT 0 NOT NULL;