CREATE TABLE "exchange_choices" (
	"company_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"number" integer NOT NULL,
	"price" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_choices_company_id_promotion_id_pk" PRIMARY KEY("company_id","promotion_id")
);
--> statement-breakpoint
ALTER TABLE "draw_records" ADD COLUMN "used_order_id" integer;--> statement-breakpoint
ALTER TABLE "exchange_choices" ADD CONSTRAINT "exchange_choices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_choices" ADD CONSTRAINT "exchange_choices_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_choices" ADD CONSTRAINT "exchange_choices_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;