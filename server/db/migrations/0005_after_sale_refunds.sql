CREATE TABLE "after_sale_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"after_sale_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"refund_no" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "after_sale_refunds" ADD CONSTRAINT "after_sale_refunds_after_sale_id_after_sales_id_fk" FOREIGN KEY ("after_sale_id") REFERENCES "public"."after_sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_refunds" ADD CONSTRAINT "after_sale_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "after_sale_refunds_after_sale_uq" ON "after_sale_refunds" USING btree ("after_sale_id");--> statement-breakpoint
CREATE UNIQUE INDEX "after_sale_refunds_refund_no_uq" ON "after_sale_refunds" USING btree ("refund_no");--> statement-breakpoint
CREATE INDEX "after_sale_refunds_payment_idx" ON "after_sale_refunds" USING btree ("payment_id");