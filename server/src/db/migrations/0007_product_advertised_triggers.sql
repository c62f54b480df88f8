-- Product lists show whether each product is advertised (docs/architecture.md#triggers). Probing advertisement for each
-- row of each page cost ~40 us of database time per page (and an EXISTS in the select list was
-- planned as a hash of every ad). product.advertised (0006) says it instead, kept by the database:
-- the product's own trigger always recomputes it from advertisement (so nothing can set it by
-- hand), and adding or removing an ad touches the product so that it does.
UPDATE "product" p SET "advertised" = true WHERE EXISTS (SELECT 1 FROM "advertisement" a WHERE a."product_id" = p."id");
--> statement-breakpoint
CREATE FUNCTION "product_advertised_set"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."advertised" := EXISTS (SELECT 1 FROM "advertisement" a WHERE a."product_id" = NEW."id");
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "product_advertised_set" BEFORE INSERT OR UPDATE OF "id", "advertised" ON "product"
  FOR EACH ROW EXECUTE FUNCTION "product_advertised_set"();
--> statement-breakpoint
CREATE FUNCTION "advertisement_to_product"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "product" SET "advertised" = true WHERE "id" = NEW."product_id";
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "product" SET "advertised" = false WHERE "id" = OLD."product_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "advertisement_to_product" AFTER INSERT OR DELETE OR UPDATE OF "product_id" ON "advertisement"
  FOR EACH ROW EXECUTE FUNCTION "advertisement_to_product"();
