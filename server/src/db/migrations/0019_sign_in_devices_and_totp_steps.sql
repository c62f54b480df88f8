-- Known browsers by device cookie; the rows from before keep their user agent as their device ('ua:' + its hash)
-- and no network, so they never match a sign-in by user agent alone.
ALTER TABLE "known_device" DROP CONSTRAINT "known_device_user_id_user_agent_hash_pk";--> statement-breakpoint
ALTER TABLE "known_device" ADD COLUMN "device_hash" text;--> statement-breakpoint
UPDATE "known_device" SET "device_hash" = 'ua:' || "user_agent_hash";--> statement-breakpoint
ALTER TABLE "known_device" ALTER COLUMN "device_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "known_device" ADD CONSTRAINT "known_device_user_id_device_hash_pk" PRIMARY KEY("user_id","device_hash");--> statement-breakpoint
ALTER TABLE "known_device" ADD COLUMN "network" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "known_device" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "two_factor" ADD COLUMN "last_totp_step" bigint;--> statement-breakpoint
CREATE INDEX "known_device_user_agent_network_idx" ON "known_device" USING btree ("user_id","user_agent_hash","network");
