-- A catalog that stays fast at a million listings (docs/architecture.md#catalog-indexes and #triggers).
--
-- 1. Newest first, with any filter: one covering index. Its INCLUDE columns let an index-only scan
--    check category, condition, price, location, seller and the search vector without touching the
--    table, so a filtered or searched page reads index pages only. (drizzle-kit cannot express
--    INCLUDE, hence this hand-written migration; schema.ts says so beside the product indexes.)
CREATE INDEX "product_listed_newest_cover_idx" ON "product" USING btree ("created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST)
  INCLUDE ("seller_id", "category", "condition", "price_cents", "location", "search") WHERE listed;
--> statement-breakpoint
-- 2. Exact listed counts per category for X-Total-Count, kept by statement-level triggers (one
--    counter update per statement, however many rows it touches; categories locked in name order).
CREATE FUNCTION "catalog_count_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "catalog_count" AS c ("category", "listed")
      SELECT "category", count(*)::int FROM new_rows WHERE "listed" GROUP BY "category" ORDER BY "category"
      ON CONFLICT ("category") DO UPDATE SET "listed" = c."listed" + excluded."listed";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "catalog_count" AS c ("category", "listed")
      SELECT d."category", sum(d."n")::int FROM (
        SELECT "category", 1 AS "n" FROM new_rows WHERE "listed"
        UNION ALL
        SELECT "category", -1 AS "n" FROM old_rows WHERE "listed"
      ) d GROUP BY d."category" HAVING sum(d."n") <> 0 ORDER BY d."category"
      ON CONFLICT ("category") DO UPDATE SET "listed" = c."listed" + excluded."listed";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "catalog_count" AS c ("category", "listed")
      SELECT "category", -count(*)::int FROM old_rows WHERE "listed" GROUP BY "category" ORDER BY "category"
      ON CONFLICT ("category") DO UPDATE SET "listed" = c."listed" + excluded."listed";
  ELSE -- TRUNCATE
    UPDATE "catalog_count" SET "listed" = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "product_count_insert" AFTER INSERT ON "product" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_count_apply"();
--> statement-breakpoint
CREATE TRIGGER "product_count_update" AFTER UPDATE ON "product" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_count_apply"();
--> statement-breakpoint
CREATE TRIGGER "product_count_delete" AFTER DELETE ON "product" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_count_apply"();
--> statement-breakpoint
CREATE TRIGGER "product_count_truncate" AFTER TRUNCATE ON "product"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_count_apply"();
--> statement-breakpoint
INSERT INTO "catalog_count" ("category", "listed")
  SELECT "category", count(*) FILTER (WHERE "listed")::int FROM "product" GROUP BY "category"
  ON CONFLICT ("category") DO UPDATE SET "listed" = excluded."listed";
