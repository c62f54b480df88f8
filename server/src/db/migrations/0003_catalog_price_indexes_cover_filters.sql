-- The catalog indexes revised after measuring at 1M rows (docs/architecture.md#catalog-indexes):
-- 1. The newest-first cover index, ascending and read backwards: new listings land on the
--    right-most leaf, which PostgreSQL splits 90/10, so the index stays dense (a descending one
--    takes every insert at its left edge, splits 50/50 and stays half empty: 347 MB instead of
--    about 200 MB at 1M products).
DROP INDEX IF EXISTS "product_listed_newest_cover_idx";
--> statement-breakpoint
CREATE INDEX "product_listed_newest_cover_idx" ON "product" USING btree ("created_at", "id")
  INCLUDE ("seller_id", "category", "condition", "price_cents", "location", "search") WHERE listed;
--> statement-breakpoint
-- 2. Price-sorted lists with filters (the usual "category, condition, price range, verified
-- sellers, cheapest first") read the filtered columns from the price indexes themselves instead of
-- the table. Same names and keys as before (schema.ts), now with INCLUDE columns, which drizzle-kit
-- cannot express, hence this hand-written migration.
DROP INDEX IF EXISTS "product_listed_price_idx";
--> statement-breakpoint
CREATE INDEX "product_listed_price_idx" ON "product" USING btree ("price_cents", "id")
  INCLUDE ("category", "condition", "seller_id", "location") WHERE listed;
--> statement-breakpoint
DROP INDEX IF EXISTS "product_listed_category_price_idx";
--> statement-breakpoint
CREATE INDEX "product_listed_category_price_idx" ON "product" USING btree ("category", "price_cents", "id")
  INCLUDE ("condition", "seller_id", "location") WHERE listed;
