CREATE TABLE "catalog_count" (
	"category" text PRIMARY KEY NOT NULL,
	"listed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "product_listed_newest_idx";