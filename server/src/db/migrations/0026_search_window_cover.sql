-- A newest-first search walks product_listed_newest_cover_idx and checks each listing's words in the
-- index (modules/catalog searchWindowQuery); a search naming catalogue models also skips listings
-- linked to a model there, so the index carries device_id too: the walk reads no table rows.
DROP INDEX IF EXISTS "product_listed_newest_cover_idx";
--> statement-breakpoint
CREATE INDEX "product_listed_newest_cover_idx" ON "product" USING btree ("created_at", "id")
  INCLUDE ("seller_id", "category", "condition", "price_cents", "location", "seller_verified", "search", "device_id") WHERE listed;
