-- A maker's and a brand's goods sorted by price walk an index again (docs/decisions/
-- goods-write-indexes.md, "Speed, session 16"). Since 0034 the price lives in goods_stock and the
-- maker and brand in goods_master, so no index spanned both: a maker's goods by price walked the
-- global price index (a page of ~160 ms at 100,000 goods on PGlite, 0.15 ms before). goods_stock
-- now carries copies of manufacturer_id and brand_id, kept by triggers (a master row's change
-- updates its copy; an insert that names neither copies them from its master row), with
-- (manufacturer_id, base_price, goods_id) and (brand_id, base_price, goods_id) indexes. The view
-- shows the copies as stock_manufacturer_id / stock_brand_id: the price-sorted list of a maker or
-- brand filters on the copy instead of the master column (every other order keeps the master's).
ALTER TABLE "goods_stock" ADD COLUMN "manufacturer_id" integer, ADD COLUMN "brand_id" integer;
--> statement-breakpoint
UPDATE "goods_stock" s SET "manufacturer_id" = m."manufacturer_id", "brand_id" = m."brand_id"
  FROM "goods_master" m WHERE m."id" = s."goods_id";
--> statement-breakpoint
CREATE INDEX "goods_stock_maker_price_idx" ON "goods_stock" ("manufacturer_id", "base_price", "goods_id");
--> statement-breakpoint
CREATE INDEX "goods_stock_brand_price_idx" ON "goods_stock" ("brand_id", "base_price", "goods_id");
--> statement-breakpoint
CREATE FUNCTION goods_stock_copy_master() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT m.manufacturer_id, m.brand_id INTO NEW.manufacturer_id, NEW.brand_id
    FROM goods_master m WHERE m.id = NEW.goods_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Bulk writers name both copies (no call per row); anything else gets them from the master row.
CREATE TRIGGER goods_stock_copy_master BEFORE INSERT ON "goods_stock" FOR EACH ROW
  WHEN (NEW.manufacturer_id IS NULL OR NEW.brand_id IS NULL) EXECUTE FUNCTION goods_stock_copy_master();
--> statement-breakpoint
CREATE FUNCTION goods_master_copy_to_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE goods_stock SET manufacturer_id = NEW.manufacturer_id, brand_id = NEW.brand_id
    WHERE goods_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER goods_master_copy_to_stock AFTER UPDATE OF "manufacturer_id", "brand_id" ON "goods_master" FOR EACH ROW
  WHEN (OLD.manufacturer_id IS DISTINCT FROM NEW.manufacturer_id OR OLD.brand_id IS DISTINCT FROM NEW.brand_id)
  EXECUTE FUNCTION goods_master_copy_to_stock();
--> statement-breakpoint
CREATE OR REPLACE VIEW "goods" AS
  SELECT m.id, m.name, m.common_name, m.pinyin_full, m.pinyin_initials, m.manufacturer_id, m.sccj, m.sccj_pinyin_initials, m.brand_id, m.category_id, m.category_l1, m.category_l2, m.warehouse_id, m.ypgg, m.bzdw, m.zbz, m.mid_pack_strict, m.jzl, m.dosage_form, m.approval_no, m.barcode, m.batch_no, m.produced_on, m.expires_on, s.stock, s.base_price, m.retail_price, m.ladder_price_type, m.type, m.is_buy, m.is_on_sale, m.tags, m.is_free_shipping, m.free_shipping_number, m.is_dpby, m.qg_number, m.is_youx, m.is_jxq, m.is_kx, m.is_zy, m.is_qx, m.is_rx, m.is_ephedrine, m.ephedrine_limit, m.purchase_limit, m.min_buy, m.image, m.images, m.description, m.storage, m.sales_count, m.created_at, GREATEST(m.updated_at, s.updated_at) AS updated_at, m.search_grams, m.scope_class, m.external_code, s.manufacturer_id AS stock_manufacturer_id, s.brand_id AS stock_brand_id
  FROM "goods_master" m JOIN "goods_stock" s ON s.goods_id = m.id;
--> statement-breakpoint
ANALYZE "goods_stock";
