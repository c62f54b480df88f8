CREATE TABLE "product_price_change" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"old_price_cents" integer NOT NULL,
	"new_price_cents" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "condition_report" jsonb;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "price_before_drop_cents" integer;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "price_dropped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_price_change" ADD CONSTRAINT "product_price_change_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_price_change_product_idx" ON "product_price_change" USING btree ("product_id","changed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_price_change_changed_idx" ON "product_price_change" USING btree ("changed_at","id");