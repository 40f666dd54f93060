ALTER TABLE "audit_log" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_request_key_uq" ON "audit_log" USING btree ("request_key");