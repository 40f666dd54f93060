CREATE TABLE "catalogue_changes" (
	"version" bigint NOT NULL,
	"goods_id" integer NOT NULL,
	"kind" text NOT NULL,
	"controlled" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "catalogue_changes_version_goods_id_kind_pk" PRIMARY KEY("version","goods_id","kind")
);
--> statement-breakpoint
CREATE TABLE "catalogue_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalogue_changes_goods_idx" ON "catalogue_changes" USING btree ("goods_id","version");--> statement-breakpoint
-- Goods that exist before the log are its version 1, so a reader starting at 0 gets the whole catalogue.
INSERT INTO "catalogue_changes" ("version", "goods_id", "kind", "controlled", "changed_at") SELECT 1, "id", 'created', "is_kx", now() FROM "goods";--> statement-breakpoint
INSERT INTO "catalogue_version" ("id", "version") SELECT 1, CASE WHEN EXISTS (SELECT 1 FROM "goods") THEN 1 ELSE 0 END;
