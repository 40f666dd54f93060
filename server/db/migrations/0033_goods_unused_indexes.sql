-- Goods indexes no query uses (docs/decisions/goods-write-indexes.md). A goods update that is not HOT
-- adds an entry to every index of goods, so each unused one slows every stock and price write:
-- - goods_name_trgm_idx, goods_sccj_trgm_idx: the only ILIKE on goods.name / goods.sccj is an OR
--   that also tests approval_no (the console's goods list, the 药检报告 search), which has no index,
--   so no plan can use them; the buyer's search uses search_grams and the pinyin trigram indexes.
-- - goods_zone_idx (is_jxq, is_kx, is_zy, is_qx, is_free_shipping): the zone pages walk their own
--   partial indexes (goods_zone_*_idx, migration 0002).
DROP INDEX IF EXISTS "goods_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "goods_sccj_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "goods_zone_idx";
--> statement-breakpoint
-- On PostgreSQL the goods GIN indexes keep a pending list (its default): autovacuum merges it, and
-- a bulk write (catalogue import, ERP batch) adds its entries cheaply without the ALTER INDEX switch
-- that PGlite uses (gin-batch.ts), whose ACCESS EXCLUSIVE lock kept every reader of goods waiting.
-- PGlite has no autovacuum, so there they stay without one (schema.ts).
DO $$
BEGIN
  IF version() NOT LIKE '%PGlite%' THEN
    ALTER INDEX "goods_search_grams_idx" SET (fastupdate = on);
    ALTER INDEX "goods_pinyin_initials_trgm_idx" SET (fastupdate = on);
    ALTER INDEX "goods_pinyin_full_trgm_idx" SET (fastupdate = on);
    ALTER INDEX "goods_tags_idx" SET (fastupdate = on);
  END IF;
END $$;
