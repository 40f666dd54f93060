ALTER TABLE "points_goods" ADD COLUMN "goods_id" integer;--> statement-breakpoint
ALTER TABLE "points_goods" ADD COLUMN "cash_price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "points_goods" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "points_goods" ADD COLUMN "per_company_limit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "points_goods" ADD COLUMN "sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "points_goods" ADD CONSTRAINT "points_goods_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;