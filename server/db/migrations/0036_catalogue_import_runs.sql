-- The catalogue import's journal (docs/decisions/catalogue-file.md "Apply in short transactions,
-- session 18"): an apply writes its goods in short transactions so the shop keeps answering on
-- PGlite, and stays all or nothing through these rows. A run is `applying` while its chunks are
-- written, then `applied`, or `rolled_back` after its undo rows were played back (a failed chunk,
-- or a start that finds a run left by a crash). At most one run applies at a time.
CREATE TABLE "catalogue_import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"staff_id" integer NOT NULL,
	"staff_name" text NOT NULL,
	"status" text NOT NULL CHECK ("status" IN ('applying', 'applied', 'rolled_back')),
	-- The server start applying it (server/cluster/server-starts.ts): a run of a start that is gone
	-- is rolled back by the next start, or by the next import.
	"boot_id" text NOT NULL,
	-- The GIN indexes the run switched to a pending list (PGlite only, gin-batch.ts): merged and
	-- switched back when the run ends either way.
	"gin_indexes" text[] NOT NULL DEFAULT '{}',
	"started_at" timestamp with time zone NOT NULL,
	-- Written by every chunk: a run not touched for long belongs to a process that died.
	"touched_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	-- What a roll back left in place and why (goods ordered meanwhile, master data in use).
	"note" jsonb
);
--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_import_runs_one_applying" ON "catalogue_import_runs" ((true)) WHERE "status" = 'applying';
--> statement-breakpoint
-- One row per goods, maker, brand or category a run wrote: `created`, or the written columns'
-- values before and after (goods columns by their database names). Deleted when the run ends.
CREATE TABLE "catalogue_import_undo" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL REFERENCES "catalogue_import_runs" ("id") ON DELETE CASCADE,
	"kind" text NOT NULL CHECK ("kind" IN ('goods', 'maker', 'brand', 'category')),
	"target_id" integer NOT NULL,
	"created" boolean NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE INDEX "catalogue_import_undo_run_idx" ON "catalogue_import_undo" ("run_id", "kind", "id");
