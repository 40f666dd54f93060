CREATE TABLE "order_feed_counter" (
	"id" smallint PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "change_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "erp_acked_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_change_seq_idx" ON "orders" USING btree ("change_seq");--> statement-breakpoint
-- Orders from before the feed get positions in id order; the counter starts after them.
UPDATE "orders" SET "change_seq" = "id";--> statement-breakpoint
INSERT INTO "order_feed_counter" ("id", "value") VALUES (1, COALESCE((SELECT max("id") FROM "orders"), 0));--> statement-breakpoint
-- At commit (a deferred constraint trigger), each inserted or changed order takes the next
-- position under the counter row's lock, held only until that commit: a position is therefore
-- visible only after every smaller one has committed (or rolled back, giving its number back), and
-- a reader that pages by change_seq never skips an order that commits later with a smaller one.
-- Why not a sequence default: nextval is taken at statement time, so a transaction still in flight
-- can commit a smaller number after a reader has passed it (docs/decisions/order-feed.md).
CREATE FUNCTION "order_feed_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE next_seq bigint;
BEGIN
  UPDATE "order_feed_counter" SET "value" = "value" + 1 WHERE "id" = 1 RETURNING "value" INTO next_seq;
  UPDATE "orders" SET "change_seq" = next_seq WHERE "id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_feed_insert" AFTER INSERT ON "orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "order_feed_touch"();--> statement-breakpoint
-- The trigger's own write changes change_seq and so does not fire it again; an acknowledgement
-- (erp_acked_seq alone) is not a change of the order either.
CREATE CONSTRAINT TRIGGER "orders_feed_update" AFTER UPDATE ON "orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."change_seq" IS NOT DISTINCT FROM NEW."change_seq" AND OLD."erp_acked_seq" IS NOT DISTINCT FROM NEW."erp_acked_seq")
  EXECUTE FUNCTION "order_feed_touch"();
