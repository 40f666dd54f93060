CREATE TABLE "server_starts" (
	"boot_id" text PRIMARY KEY NOT NULL,
	"place" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "claimed_by" text;