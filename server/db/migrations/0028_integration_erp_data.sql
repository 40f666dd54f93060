CREATE TABLE "integration_sequences" (
	"goods_id" integer NOT NULL,
	"kind" text NOT NULL,
	"seq" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_sequences_goods_id_kind_pk" PRIMARY KEY("goods_id","kind")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "erp_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "erp_licence_expires_on" date;--> statement-breakpoint
ALTER TABLE "integration_clients" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "integration_clients" ADD CONSTRAINT "integration_clients_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_erp_code_uq" ON "companies" USING btree ("erp_code") WHERE "companies"."erp_code" <> '';