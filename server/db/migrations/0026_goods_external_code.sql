ALTER TABLE "goods" ADD COLUMN "external_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Goods from before the column get the shop's own code from their id (KY000123): unique, and what an export shows.
UPDATE "goods" SET "external_code" = 'KY' || lpad("id"::text, 6, '0');--> statement-breakpoint
CREATE UNIQUE INDEX "goods_external_code_uq" ON "goods" USING btree ("external_code") WHERE "goods"."external_code" <> '';