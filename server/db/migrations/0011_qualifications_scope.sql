CREATE TABLE "goods_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_id" integer NOT NULL,
	"batch_no" text NOT NULL,
	"produced_on" date,
	"expires_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"title" text NOT NULL,
	"report_no" text DEFAULT '' NOT NULL,
	"issuer" text DEFAULT '' NOT NULL,
	"issued_on" date,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "scope_class" text DEFAULT 'xy' NOT NULL;--> statement-breakpoint
ALTER TABLE "qualification_files" ADD COLUMN "number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "qualification_files" ADD COLUMN "issuer" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "qualification_files" ADD COLUMN "replaces_id" integer;--> statement-breakpoint
ALTER TABLE "qualification_files" ADD COLUMN "review_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "qualification_files" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "goods_batches" ADD CONSTRAINT "goods_batches_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD CONSTRAINT "inspection_reports_batch_id_goods_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."goods_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "goods_batches_goods_batch_uq" ON "goods_batches" USING btree ("goods_id","batch_no");--> statement-breakpoint
CREATE INDEX "goods_batches_batch_no_idx" ON "goods_batches" USING btree ("batch_no");--> statement-breakpoint
CREATE INDEX "inspection_reports_batch_idx" ON "inspection_reports" USING btree ("batch_id");--> statement-breakpoint
ALTER TABLE "qualification_files" ADD CONSTRAINT "qualification_files_replaces_id_qualification_files_id_fk" FOREIGN KEY ("replaces_id") REFERENCES "public"."qualification_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qualification_files_replaces_idx" ON "qualification_files" USING btree ("replaces_id");