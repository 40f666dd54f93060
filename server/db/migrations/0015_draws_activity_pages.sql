CREATE TABLE "activity_taps" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"company_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "draw_records" ADD COLUMN "prize_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "draw_records" ADD COLUMN "prize_remarks" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "draw_records" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "draws" ADD COLUMN "order_min_amount" integer;--> statement-breakpoint
ALTER TABLE "draws" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "page" text;--> statement-breakpoint
ALTER TABLE "activity_taps" ADD CONSTRAINT "activity_taps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_taps_url_idx" ON "activity_taps" USING btree ("url","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "draw_records_request_uq" ON "draw_records" USING btree ("company_id","request_key");