-- pg_trgm: trigram matching for the forgiving search (PGlite loads it from its contrib build, db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "device" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category" text NOT NULL,
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"release_year" integer NOT NULL,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"colours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"aliases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_text" text NOT NULL,
	"retired" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_facet" (
	"category" text NOT NULL,
	"brand" text NOT NULL,
	"device_id" text NOT NULL,
	"storage" text NOT NULL,
	"ram" text NOT NULL,
	"colour" text NOT NULL,
	"condition" text NOT NULL,
	"listed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_facet_category_brand_device_id_storage_ram_colour_condition_pk" PRIMARY KEY("category","brand","device_id","storage","ram","colour","condition")
);
--> statement-breakpoint
CREATE TABLE "product_stat" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"views" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_term" (
	"term" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "serial_flag" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"serial_hash" text NOT NULL,
	"seller_id" uuid NOT NULL,
	"product_id" uuid,
	"other_product_id" uuid,
	"stolen_id" uuid,
	"detail" text DEFAULT '' NOT NULL,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stolen_device" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"serial" text NOT NULL,
	"serial_hash" text NOT NULL,
	"reporter_id" uuid NOT NULL,
	"police_ref" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "device_id" uuid;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "variant" text;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "brand" text;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "storage" text;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "ram" text;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "colour" text;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "serial_kind" text;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "serial_hash" text;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "serial_last4" text;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "good_price" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_stat" ADD CONSTRAINT "product_stat_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_flag" ADD CONSTRAINT "serial_flag_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_flag" ADD CONSTRAINT "serial_flag_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_flag" ADD CONSTRAINT "serial_flag_other_product_id_product_id_fk" FOREIGN KEY ("other_product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_flag" ADD CONSTRAINT "serial_flag_stolen_id_stolen_device_id_fk" FOREIGN KEY ("stolen_id") REFERENCES "public"."stolen_device"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_flag" ADD CONSTRAINT "serial_flag_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stolen_device" ADD CONSTRAINT "stolen_device_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stolen_device" ADD CONSTRAINT "stolen_device_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_brand_model_idx" ON "device" USING btree ("brand","model");--> statement-breakpoint
CREATE INDEX "device_search_trgm_idx" ON "device" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_term_trgm_idx" ON "search_term" USING gist ("term" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "serial_flag_open_idx" ON "serial_flag" USING btree ("created_at") WHERE resolved_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "stolen_device_open_idx" ON "stolen_device" USING btree ("serial_hash") WHERE status <> 'rejected';--> statement-breakpoint
CREATE INDEX "stolen_device_status_idx" ON "stolen_device" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_device_variant_idx" ON "product" USING btree ("device_id","variant") WHERE device_id is not null;--> statement-breakpoint
CREATE INDEX "product_serial_idx" ON "product" USING btree ("serial_hash") WHERE serial_hash is not null;;--> statement-breakpoint
-- Facet counts (listing_facet), kept exact like catalog_count (migration 0002): statement-level
-- triggers aggregate their transition tables; groups whose count does not change are not written.
CREATE FUNCTION "listing_facet_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "listing_facet" AS f ("category", "brand", "device_id", "storage", "ram", "colour", "condition", "listed")
      SELECT x."category", x.b, x.d, x.s, x.r, x.c, x."condition", sum(x.n)::int FROM (
        SELECT "category", coalesce("brand", '') AS b, coalesce("device_id"::text, '') AS d, coalesce("storage", '') AS s,
        coalesce("ram", '') AS r, coalesce("colour", '') AS c, "condition", 1 AS n FROM new_rows WHERE "listed"
      ) x GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(x.n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7
      ON CONFLICT ("category", "brand", "device_id", "storage", "ram", "colour", "condition") DO UPDATE SET "listed" = f."listed" + excluded."listed";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "listing_facet" AS f ("category", "brand", "device_id", "storage", "ram", "colour", "condition", "listed")
      SELECT x."category", x.b, x.d, x.s, x.r, x.c, x."condition", sum(x.n)::int FROM (
        SELECT "category", coalesce("brand", '') AS b, coalesce("device_id"::text, '') AS d, coalesce("storage", '') AS s,
        coalesce("ram", '') AS r, coalesce("colour", '') AS c, "condition", 1 AS n FROM new_rows WHERE "listed"
        UNION ALL
        SELECT "category", coalesce("brand", '') AS b, coalesce("device_id"::text, '') AS d, coalesce("storage", '') AS s,
        coalesce("ram", '') AS r, coalesce("colour", '') AS c, "condition", -1 AS n FROM old_rows WHERE "listed"
      ) x GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(x.n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7
      ON CONFLICT ("category", "brand", "device_id", "storage", "ram", "colour", "condition") DO UPDATE SET "listed" = f."listed" + excluded."listed";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "listing_facet" AS f ("category", "brand", "device_id", "storage", "ram", "colour", "condition", "listed")
      SELECT x."category", x.b, x.d, x.s, x.r, x.c, x."condition", sum(x.n)::int FROM (
        SELECT "category", coalesce("brand", '') AS b, coalesce("device_id"::text, '') AS d, coalesce("storage", '') AS s,
        coalesce("ram", '') AS r, coalesce("colour", '') AS c, "condition", -1 AS n FROM old_rows WHERE "listed"
      ) x GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(x.n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7
      ON CONFLICT ("category", "brand", "device_id", "storage", "ram", "colour", "condition") DO UPDATE SET "listed" = f."listed" + excluded."listed";
  ELSE -- TRUNCATE
    DELETE FROM "listing_facet";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "product_facet_insert" AFTER INSERT ON "product" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "listing_facet_apply"();
--> statement-breakpoint
CREATE TRIGGER "product_facet_update" AFTER UPDATE ON "product" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "listing_facet_apply"();
--> statement-breakpoint
CREATE TRIGGER "product_facet_delete" AFTER DELETE ON "product" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "listing_facet_apply"();
--> statement-breakpoint
CREATE TRIGGER "product_facet_truncate" AFTER TRUNCATE ON "product"
  FOR EACH STATEMENT EXECUTE FUNCTION "listing_facet_apply"();
--> statement-breakpoint
INSERT INTO "listing_facet" ("category", "brand", "device_id", "storage", "ram", "colour", "condition", "listed")
  SELECT "category", coalesce("brand", ''), coalesce("device_id"::text, ''), coalesce("storage", ''), coalesce("ram", ''),
    coalesce("colour", ''), "condition", count(*)::int FROM "product" WHERE "listed" GROUP BY 1, 2, 3, 4, 5, 6, 7;
