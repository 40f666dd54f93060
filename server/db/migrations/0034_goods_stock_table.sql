-- Stock and base price out of the wide goods row (docs/decisions/goods-write-indexes.md, issue 32
-- and 34's write budgets). A goods row is ~900 bytes under ~30 indexes and an update that is not
-- HOT writes every one of them: an ERP batch of 1,000 stock or price changes cost 460–890 ms of
-- UPDATE on PostgreSQL. They now live in goods_stock (goods_id, stock, base_price, updated_at),
-- narrow, with its primary key and one price index, where the same batch costs 12–14 ms.
-- `goods` stays the name every read uses: a view joining the master row (goods_master, the rest
-- of the columns and their indexes) to its goods_stock row. Bulk writers (the ERP batches, the
-- imports, checkout's stock moves, insertGoodsRows) write the two tables directly; any other write
-- goes through the view's INSTEAD OF triggers, which set only the columns the statement changed
-- (a stock change as a difference, so a concurrent decrement is never lost) and never let stock
-- go below zero (the CHECK).
ALTER TABLE "goods" RENAME TO "goods_master";
--> statement-breakpoint
ALTER TABLE "goods_master" RENAME CONSTRAINT "goods_pkey" TO "goods_master_pkey";
--> statement-breakpoint
CREATE TABLE "goods_stock" (
  "goods_id" integer PRIMARY KEY REFERENCES "goods_master" ("id") ON DELETE CASCADE,
  "stock" integer NOT NULL DEFAULT 0 CHECK ("stock" >= 0),
  "base_price" integer NOT NULL,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
) WITH (fillfactor = 80);
--> statement-breakpoint
INSERT INTO "goods_stock" ("goods_id", "stock", "base_price", "updated_at")
  SELECT "id", GREATEST("stock", 0), "base_price", "updated_at" FROM "goods_master";
--> statement-breakpoint
-- The all-goods price sort walks it; the category, maker and brand price sorts lose their
-- composite indexes (an index cannot span two tables) and sort their filter's matches.
CREATE INDEX "goods_stock_price_idx" ON "goods_stock" ("base_price");
--> statement-breakpoint
ALTER TABLE "goods_master" DROP COLUMN "stock", DROP COLUMN "base_price";
--> statement-breakpoint
CREATE VIEW "goods" AS
  SELECT m.id, m.name, m.common_name, m.pinyin_full, m.pinyin_initials, m.manufacturer_id, m.sccj, m.sccj_pinyin_initials, m.brand_id, m.category_id, m.category_l1, m.category_l2, m.warehouse_id, m.ypgg, m.bzdw, m.zbz, m.mid_pack_strict, m.jzl, m.dosage_form, m.approval_no, m.barcode, m.batch_no, m.produced_on, m.expires_on, s.stock, s.base_price, m.retail_price, m.ladder_price_type, m.type, m.is_buy, m.is_on_sale, m.tags, m.is_free_shipping, m.free_shipping_number, m.is_dpby, m.qg_number, m.is_youx, m.is_jxq, m.is_kx, m.is_zy, m.is_qx, m.is_rx, m.is_ephedrine, m.ephedrine_limit, m.purchase_limit, m.min_buy, m.image, m.images, m.description, m.storage, m.sales_count, m.created_at, GREATEST(m.updated_at, s.updated_at) AS updated_at, m.search_grams, m.scope_class, m.external_code
  FROM "goods_master" m JOIN "goods_stock" s ON s.goods_id = m.id;
--> statement-breakpoint
CREATE FUNCTION goods_view_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO goods_master (id, name, common_name, pinyin_full, pinyin_initials, manufacturer_id, sccj, sccj_pinyin_initials, brand_id, category_id, category_l1, category_l2, warehouse_id, ypgg, bzdw, zbz, mid_pack_strict, jzl, dosage_form, approval_no, barcode, batch_no, produced_on, expires_on, retail_price, ladder_price_type, type, is_buy, is_on_sale, tags, is_free_shipping, free_shipping_number, is_dpby, qg_number, is_youx, is_jxq, is_kx, is_zy, is_qx, is_rx, is_ephedrine, ephedrine_limit, purchase_limit, min_buy, image, images, description, storage, sales_count, created_at, scope_class, external_code, updated_at)
  VALUES (NEW.id, NEW.name, NEW.common_name, NEW.pinyin_full, NEW.pinyin_initials, NEW.manufacturer_id, NEW.sccj, NEW.sccj_pinyin_initials, NEW.brand_id, NEW.category_id, NEW.category_l1, NEW.category_l2, NEW.warehouse_id, NEW.ypgg, NEW.bzdw, NEW.zbz, NEW.mid_pack_strict, NEW.jzl, NEW.dosage_form, NEW.approval_no, NEW.barcode, NEW.batch_no, NEW.produced_on, NEW.expires_on, NEW.retail_price, NEW.ladder_price_type, NEW.type, NEW.is_buy, NEW.is_on_sale, NEW.tags, NEW.is_free_shipping, NEW.free_shipping_number, NEW.is_dpby, NEW.qg_number, NEW.is_youx, NEW.is_jxq, NEW.is_kx, NEW.is_zy, NEW.is_qx, NEW.is_rx, NEW.is_ephedrine, NEW.ephedrine_limit, NEW.purchase_limit, NEW.min_buy, NEW.image, NEW.images, NEW.description, NEW.storage, NEW.sales_count, NEW.created_at, NEW.scope_class, NEW.external_code, NEW.updated_at)
  RETURNING search_grams INTO NEW.search_grams;
  INSERT INTO goods_stock (goods_id, stock, base_price, updated_at) VALUES (NEW.id, NEW.stock, NEW.base_price, NEW.updated_at);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION goods_view_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.id IS DISTINCT FROM OLD.id THEN
    RAISE EXCEPTION 'goods.id cannot change';
  END IF;
  IF (NEW.name, NEW.common_name, NEW.pinyin_full, NEW.pinyin_initials, NEW.manufacturer_id, NEW.sccj, NEW.sccj_pinyin_initials, NEW.brand_id, NEW.category_id, NEW.category_l1, NEW.category_l2, NEW.warehouse_id, NEW.ypgg, NEW.bzdw, NEW.zbz, NEW.mid_pack_strict, NEW.jzl, NEW.dosage_form, NEW.approval_no, NEW.barcode, NEW.batch_no, NEW.produced_on, NEW.expires_on, NEW.retail_price, NEW.ladder_price_type, NEW.type, NEW.is_buy, NEW.is_on_sale, NEW.tags, NEW.is_free_shipping, NEW.free_shipping_number, NEW.is_dpby, NEW.qg_number, NEW.is_youx, NEW.is_jxq, NEW.is_kx, NEW.is_zy, NEW.is_qx, NEW.is_rx, NEW.is_ephedrine, NEW.ephedrine_limit, NEW.purchase_limit, NEW.min_buy, NEW.image, NEW.images, NEW.description, NEW.storage, NEW.sales_count, NEW.created_at, NEW.scope_class, NEW.external_code) IS DISTINCT FROM (OLD.name, OLD.common_name, OLD.pinyin_full, OLD.pinyin_initials, OLD.manufacturer_id, OLD.sccj, OLD.sccj_pinyin_initials, OLD.brand_id, OLD.category_id, OLD.category_l1, OLD.category_l2, OLD.warehouse_id, OLD.ypgg, OLD.bzdw, OLD.zbz, OLD.mid_pack_strict, OLD.jzl, OLD.dosage_form, OLD.approval_no, OLD.barcode, OLD.batch_no, OLD.produced_on, OLD.expires_on, OLD.retail_price, OLD.ladder_price_type, OLD.type, OLD.is_buy, OLD.is_on_sale, OLD.tags, OLD.is_free_shipping, OLD.free_shipping_number, OLD.is_dpby, OLD.qg_number, OLD.is_youx, OLD.is_jxq, OLD.is_kx, OLD.is_zy, OLD.is_qx, OLD.is_rx, OLD.is_ephedrine, OLD.ephedrine_limit, OLD.purchase_limit, OLD.min_buy, OLD.image, OLD.images, OLD.description, OLD.storage, OLD.sales_count, OLD.created_at, OLD.scope_class, OLD.external_code) THEN
    UPDATE goods_master g SET
      name = CASE WHEN NEW.name IS DISTINCT FROM OLD.name THEN NEW.name ELSE g.name END,
      common_name = CASE WHEN NEW.common_name IS DISTINCT FROM OLD.common_name THEN NEW.common_name ELSE g.common_name END,
      pinyin_full = CASE WHEN NEW.pinyin_full IS DISTINCT FROM OLD.pinyin_full THEN NEW.pinyin_full ELSE g.pinyin_full END,
      pinyin_initials = CASE WHEN NEW.pinyin_initials IS DISTINCT FROM OLD.pinyin_initials THEN NEW.pinyin_initials ELSE g.pinyin_initials END,
      manufacturer_id = CASE WHEN NEW.manufacturer_id IS DISTINCT FROM OLD.manufacturer_id THEN NEW.manufacturer_id ELSE g.manufacturer_id END,
      sccj = CASE WHEN NEW.sccj IS DISTINCT FROM OLD.sccj THEN NEW.sccj ELSE g.sccj END,
      sccj_pinyin_initials = CASE WHEN NEW.sccj_pinyin_initials IS DISTINCT FROM OLD.sccj_pinyin_initials THEN NEW.sccj_pinyin_initials ELSE g.sccj_pinyin_initials END,
      brand_id = CASE WHEN NEW.brand_id IS DISTINCT FROM OLD.brand_id THEN NEW.brand_id ELSE g.brand_id END,
      category_id = CASE WHEN NEW.category_id IS DISTINCT FROM OLD.category_id THEN NEW.category_id ELSE g.category_id END,
      category_l1 = CASE WHEN NEW.category_l1 IS DISTINCT FROM OLD.category_l1 THEN NEW.category_l1 ELSE g.category_l1 END,
      category_l2 = CASE WHEN NEW.category_l2 IS DISTINCT FROM OLD.category_l2 THEN NEW.category_l2 ELSE g.category_l2 END,
      warehouse_id = CASE WHEN NEW.warehouse_id IS DISTINCT FROM OLD.warehouse_id THEN NEW.warehouse_id ELSE g.warehouse_id END,
      ypgg = CASE WHEN NEW.ypgg IS DISTINCT FROM OLD.ypgg THEN NEW.ypgg ELSE g.ypgg END,
      bzdw = CASE WHEN NEW.bzdw IS DISTINCT FROM OLD.bzdw THEN NEW.bzdw ELSE g.bzdw END,
      zbz = CASE WHEN NEW.zbz IS DISTINCT FROM OLD.zbz THEN NEW.zbz ELSE g.zbz END,
      mid_pack_strict = CASE WHEN NEW.mid_pack_strict IS DISTINCT FROM OLD.mid_pack_strict THEN NEW.mid_pack_strict ELSE g.mid_pack_strict END,
      jzl = CASE WHEN NEW.jzl IS DISTINCT FROM OLD.jzl THEN NEW.jzl ELSE g.jzl END,
      dosage_form = CASE WHEN NEW.dosage_form IS DISTINCT FROM OLD.dosage_form THEN NEW.dosage_form ELSE g.dosage_form END,
      approval_no = CASE WHEN NEW.approval_no IS DISTINCT FROM OLD.approval_no THEN NEW.approval_no ELSE g.approval_no END,
      barcode = CASE WHEN NEW.barcode IS DISTINCT FROM OLD.barcode THEN NEW.barcode ELSE g.barcode END,
      batch_no = CASE WHEN NEW.batch_no IS DISTINCT FROM OLD.batch_no THEN NEW.batch_no ELSE g.batch_no END,
      produced_on = CASE WHEN NEW.produced_on IS DISTINCT FROM OLD.produced_on THEN NEW.produced_on ELSE g.produced_on END,
      expires_on = CASE WHEN NEW.expires_on IS DISTINCT FROM OLD.expires_on THEN NEW.expires_on ELSE g.expires_on END,
      retail_price = CASE WHEN NEW.retail_price IS DISTINCT FROM OLD.retail_price THEN NEW.retail_price ELSE g.retail_price END,
      ladder_price_type = CASE WHEN NEW.ladder_price_type IS DISTINCT FROM OLD.ladder_price_type THEN NEW.ladder_price_type ELSE g.ladder_price_type END,
      type = CASE WHEN NEW.type IS DISTINCT FROM OLD.type THEN NEW.type ELSE g.type END,
      is_buy = CASE WHEN NEW.is_buy IS DISTINCT FROM OLD.is_buy THEN NEW.is_buy ELSE g.is_buy END,
      is_on_sale = CASE WHEN NEW.is_on_sale IS DISTINCT FROM OLD.is_on_sale THEN NEW.is_on_sale ELSE g.is_on_sale END,
      tags = CASE WHEN NEW.tags IS DISTINCT FROM OLD.tags THEN NEW.tags ELSE g.tags END,
      is_free_shipping = CASE WHEN NEW.is_free_shipping IS DISTINCT FROM OLD.is_free_shipping THEN NEW.is_free_shipping ELSE g.is_free_shipping END,
      free_shipping_number = CASE WHEN NEW.free_shipping_number IS DISTINCT FROM OLD.free_shipping_number THEN NEW.free_shipping_number ELSE g.free_shipping_number END,
      is_dpby = CASE WHEN NEW.is_dpby IS DISTINCT FROM OLD.is_dpby THEN NEW.is_dpby ELSE g.is_dpby END,
      qg_number = CASE WHEN NEW.qg_number IS DISTINCT FROM OLD.qg_number THEN NEW.qg_number ELSE g.qg_number END,
      is_youx = CASE WHEN NEW.is_youx IS DISTINCT FROM OLD.is_youx THEN NEW.is_youx ELSE g.is_youx END,
      is_jxq = CASE WHEN NEW.is_jxq IS DISTINCT FROM OLD.is_jxq THEN NEW.is_jxq ELSE g.is_jxq END,
      is_kx = CASE WHEN NEW.is_kx IS DISTINCT FROM OLD.is_kx THEN NEW.is_kx ELSE g.is_kx END,
      is_zy = CASE WHEN NEW.is_zy IS DISTINCT FROM OLD.is_zy THEN NEW.is_zy ELSE g.is_zy END,
      is_qx = CASE WHEN NEW.is_qx IS DISTINCT FROM OLD.is_qx THEN NEW.is_qx ELSE g.is_qx END,
      is_rx = CASE WHEN NEW.is_rx IS DISTINCT FROM OLD.is_rx THEN NEW.is_rx ELSE g.is_rx END,
      is_ephedrine = CASE WHEN NEW.is_ephedrine IS DISTINCT FROM OLD.is_ephedrine THEN NEW.is_ephedrine ELSE g.is_ephedrine END,
      ephedrine_limit = CASE WHEN NEW.ephedrine_limit IS DISTINCT FROM OLD.ephedrine_limit THEN NEW.ephedrine_limit ELSE g.ephedrine_limit END,
      purchase_limit = CASE WHEN NEW.purchase_limit IS DISTINCT FROM OLD.purchase_limit THEN NEW.purchase_limit ELSE g.purchase_limit END,
      min_buy = CASE WHEN NEW.min_buy IS DISTINCT FROM OLD.min_buy THEN NEW.min_buy ELSE g.min_buy END,
      image = CASE WHEN NEW.image IS DISTINCT FROM OLD.image THEN NEW.image ELSE g.image END,
      images = CASE WHEN NEW.images IS DISTINCT FROM OLD.images THEN NEW.images ELSE g.images END,
      description = CASE WHEN NEW.description IS DISTINCT FROM OLD.description THEN NEW.description ELSE g.description END,
      storage = CASE WHEN NEW.storage IS DISTINCT FROM OLD.storage THEN NEW.storage ELSE g.storage END,
      sales_count = CASE WHEN NEW.sales_count IS DISTINCT FROM OLD.sales_count THEN NEW.sales_count ELSE g.sales_count END,
      created_at = CASE WHEN NEW.created_at IS DISTINCT FROM OLD.created_at THEN NEW.created_at ELSE g.created_at END,
      scope_class = CASE WHEN NEW.scope_class IS DISTINCT FROM OLD.scope_class THEN NEW.scope_class ELSE g.scope_class END,
      external_code = CASE WHEN NEW.external_code IS DISTINCT FROM OLD.external_code THEN NEW.external_code ELSE g.external_code END,
      updated_at = CASE WHEN NEW.updated_at IS DISTINCT FROM OLD.updated_at THEN NEW.updated_at ELSE g.updated_at END
    WHERE g.id = OLD.id;
    IF NOT FOUND THEN
      RETURN NULL;
    END IF;
  END IF;
  IF (NEW.stock, NEW.base_price, NEW.updated_at) IS DISTINCT FROM (OLD.stock, OLD.base_price, OLD.updated_at) THEN
    UPDATE goods_stock s SET
      stock = s.stock + (NEW.stock - OLD.stock),
      base_price = CASE WHEN NEW.base_price IS DISTINCT FROM OLD.base_price THEN NEW.base_price ELSE s.base_price END,
      updated_at = CASE WHEN NEW.updated_at IS DISTINCT FROM OLD.updated_at THEN NEW.updated_at ELSE s.updated_at END
    WHERE s.goods_id = OLD.id;
    IF NOT FOUND THEN
      RETURN NULL;
    END IF;
  END IF;
  SELECT * INTO NEW FROM goods WHERE id = OLD.id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION goods_view_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM goods_master WHERE id = OLD.id;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER goods_view_insert INSTEAD OF INSERT ON "goods" FOR EACH ROW EXECUTE FUNCTION goods_view_insert();
--> statement-breakpoint
CREATE TRIGGER goods_view_update INSTEAD OF UPDATE ON "goods" FOR EACH ROW EXECUTE FUNCTION goods_view_update();
--> statement-breakpoint
CREATE TRIGGER goods_view_delete INSTEAD OF DELETE ON "goods" FOR EACH ROW EXECUTE FUNCTION goods_view_delete();
--> statement-breakpoint
-- A write through the view that names no value for a column gets the master table's default.
DO $$
DECLARE c record;
BEGIN
  FOR c IN SELECT column_name, column_default FROM information_schema.columns
           WHERE table_schema = current_schema() AND table_name = 'goods_master' AND column_default IS NOT NULL
  LOOP
    EXECUTE format('ALTER VIEW "goods" ALTER COLUMN %I SET DEFAULT %s', c.column_name, c.column_default);
  END LOOP;
END $$;
--> statement-breakpoint
ALTER VIEW "goods" ALTER COLUMN "stock" SET DEFAULT 0;
