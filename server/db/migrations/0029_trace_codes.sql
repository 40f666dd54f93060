CREATE TABLE "trace_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"batch_no" text NOT NULL,
	"code" text NOT NULL,
	"source" text DEFAULT 'console' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trace_codes" ADD CONSTRAINT "trace_codes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trace_codes" ADD CONSTRAINT "trace_codes_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trace_codes_code_uq" ON "trace_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "trace_codes_order_idx" ON "trace_codes" USING btree ("order_id","order_line_id");