ALTER TABLE "invoices" ADD COLUMN "reject_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "lines" jsonb DEFAULT '[]'::jsonb NOT NULL;