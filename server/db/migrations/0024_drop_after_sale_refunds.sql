-- The after-sales' gateway parts move into order_refunds (route online, back through the gateway).
INSERT INTO "order_refunds" ("order_id", "company_id", "after_sale_id", "route", "destination", "payment_id", "amount", "refund_no", "status", "error", "created_at", "updated_at")
SELECT a."order_id", a."company_id", r."after_sale_id", 'online', 'gateway', r."payment_id", r."amount", r."refund_no", r."status", r."error", r."created_at", r."updated_at"
FROM "after_sale_refunds" r JOIN "after_sales" a ON a."id" = r."after_sale_id";--> statement-breakpoint
DROP TABLE "after_sale_refunds" CASCADE;
