-- Category names never hold "/" (the catalogue file's path separator, docs/decisions/catalogue-file.md):
-- one written before the rule takes the full-width ／, which reads the same and round-trips.
UPDATE "categories" SET "name" = replace("name", '/', '／') WHERE "name" LIKE '%/%';--> statement-breakpoint
-- Room on every goods page for a new version of its rows, so an update that touches no indexed
-- column (stock, most flags) is HOT: no new entry in each of goods' indexes (docs/decisions/
-- catalogue-file.md "Speed"). Pages written from now on keep the room; existing full pages get it
-- when the table is rewritten (VACUUM FULL goods, off hours: docs/operations.md).
ALTER TABLE "goods" SET (fillfactor = 80);
