CREATE TABLE "known_device" (
	"user_id" uuid NOT NULL,
	"user_agent_hash" text NOT NULL,
	"user_agent" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_device_user_id_user_agent_hash_pk" PRIMARY KEY("user_id","user_agent_hash")
);
--> statement-breakpoint
CREATE TABLE "mail_opt_out" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_opt_out_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "known_device" ADD CONSTRAINT "known_device_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_opt_out" ADD CONSTRAINT "mail_opt_out_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The browsers of today's sessions are known already: nobody gets a "new sign-in" mail for them.
INSERT INTO "known_device" ("user_id", "user_agent_hash", "user_agent")
SELECT DISTINCT "user_id", encode(sha256(convert_to(coalesce("user_agent", ''), 'UTF8')), 'hex'), left(coalesce("user_agent", ''), 500)
FROM "session"
ON CONFLICT DO NOTHING;
