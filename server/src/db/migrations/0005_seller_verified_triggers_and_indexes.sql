-- "Verified sellers only" without a join (docs/architecture.md#triggers). product.seller_verified (0004) mirrors the
-- seller's user.verified: set when a product is added (or changes seller), and rewritten for all
-- of a seller's products in the same transaction when the seller's verification changes. The
-- product-list indexes carry it, so the filter is checked inside them. Answers keep reading
-- user.verified: sellerStatus follows the seller's current verification (docs/product.md#users-and-roles).
--
-- 1. The covering indexes are rebuilt below anyway; dropping them first spares the backfill.
DROP INDEX IF EXISTS "product_listed_newest_cover_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "product_listed_price_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "product_listed_category_price_idx";
--> statement-breakpoint
UPDATE "product" p SET "seller_verified" = true FROM "user" u WHERE u."id" = p."seller_id" AND u."verified" AND NOT p."seller_verified";
--> statement-breakpoint
-- 2. Kept in step from now on.
CREATE FUNCTION "product_seller_verified_set"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."seller_verified" := coalesce((SELECT u."verified" FROM "user" u WHERE u."id" = NEW."seller_id"), false);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "product_seller_verified_set" BEFORE INSERT OR UPDATE OF "seller_id", "seller_verified" ON "product"
  FOR EACH ROW EXECUTE FUNCTION "product_seller_verified_set"();
--> statement-breakpoint
CREATE FUNCTION "user_verified_to_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "product" SET "seller_id" = "seller_id" WHERE "seller_id" = NEW."id" AND "seller_verified" IS DISTINCT FROM NEW."verified";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "user_verified_to_products" AFTER UPDATE OF "verified" ON "user"
  FOR EACH ROW WHEN (OLD."verified" IS DISTINCT FROM NEW."verified") EXECUTE FUNCTION "user_verified_to_products"();
--> statement-breakpoint
-- 3. The list indexes, now with seller_verified.
CREATE INDEX "product_listed_newest_cover_idx" ON "product" USING btree ("created_at", "id")
  INCLUDE ("seller_id", "category", "condition", "price_cents", "location", "seller_verified", "search") WHERE listed;
--> statement-breakpoint
CREATE INDEX "product_listed_price_idx" ON "product" USING btree ("price_cents", "id")
  INCLUDE ("category", "condition", "seller_id", "location", "seller_verified") WHERE listed;
--> statement-breakpoint
CREATE INDEX "product_listed_category_price_idx" ON "product" USING btree ("category", "price_cents", "id")
  INCLUDE ("condition", "seller_id", "location", "seller_verified") WHERE listed;
