CREATE TABLE "integration_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer,
	"key_id" text DEFAULT '' NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"result" jsonb,
	"request_id" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key_id" text NOT NULL,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"bootstrap" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_nonces" (
	"client_id" integer NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "integration_nonces_client_id_nonce_pk" PRIMARY KEY("client_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "integration_secrets" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "integration_clients" ADD CONSTRAINT "integration_clients_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_secrets" ADD CONSTRAINT "integration_secrets_client_id_integration_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."integration_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_calls_client_idx" ON "integration_calls" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "integration_calls_created_idx" ON "integration_calls" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_clients_key_id_uq" ON "integration_clients" USING btree ("key_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_clients_bootstrap_uq" ON "integration_clients" USING btree ("bootstrap") WHERE "integration_clients"."bootstrap" AND "integration_clients"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "integration_nonces_expires_idx" ON "integration_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "integration_secrets_client_idx" ON "integration_secrets" USING btree ("client_id");