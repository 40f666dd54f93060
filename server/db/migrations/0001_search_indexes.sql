-- search_grams(text): the value of goods.search_grams (server/services/goods-search.ts).
-- Every non-ASCII character and every 2-character window without a space, lower-cased, so that
-- "name contains 感冒" is answered by `search_grams @> '{感冒}'` on a GIN index for queries of any
-- length (pg_trgm cannot: a 1-2 character query holds no whole trigram). termGrams() in
-- goods-search.ts builds the query side and must stay in step with this function.
CREATE OR REPLACE FUNCTION search_grams(t text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}'::text[]) FROM (
    SELECT substr(s, i, 1) AS g
      FROM (SELECT lower(t) AS s) AS a, generate_series(1, length(s)) AS i
      WHERE ascii(substr(s, i, 1)) > 127
    UNION ALL
    SELECT substr(s, i, 2)
      FROM (SELECT lower(t) AS s) AS a, generate_series(1, length(s) - 1) AS i
      WHERE position(' ' in substr(s, i, 2)) = 0
  ) AS grams
$$;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "search_grams" text[] GENERATED ALWAYS AS (search_grams(("name" || ' ' || "common_name"))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "goods_search_grams_idx" ON "goods" USING gin ("search_grams") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "goods_pinyin_initials_trgm_idx" ON "goods" USING gin ("pinyin_initials" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "goods_pinyin_full_trgm_idx" ON "goods" USING gin ("pinyin_full" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "goods_common_name_prefix_idx" ON "goods" USING btree ("common_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "goods_free_shipping_category_idx" ON "goods" USING btree ("category_id") WHERE "goods"."is_free_shipping" AND "goods"."is_on_sale";