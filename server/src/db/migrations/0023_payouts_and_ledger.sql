CREATE TABLE "ledger_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"seller_id" uuid,
	"order_id" uuid,
	"payment_id" uuid,
	"amount_cents" integer NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"reference" text,
	"event_key" text NOT NULL,
	CONSTRAINT "ledger_entry_event_key_unique" UNIQUE("event_key"),
	CONSTRAINT "ledger_entry_amounts" CHECK ("ledger_entry"."amount_cents" >= 0 and "ledger_entry"."fee_cents" >= 0 and "ledger_entry"."fee_cents" <= "ledger_entry"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "payout_account" (
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requirements_due" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_account_user_id_provider_pk" PRIMARY KEY("user_id","provider"),
	CONSTRAINT "payout_account_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "simulated_account" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text,
	"name" text DEFAULT '' NOT NULL,
	"routing_number" text DEFAULT '' NOT NULL,
	"account_last4" text DEFAULT '' NOT NULL,
	"requirements_due" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulated_transfer" (
	"id" text PRIMARY KEY NOT NULL,
	"destination" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reversed_cents" integer DEFAULT 0 NOT NULL,
	"source_intent" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulated_transfer_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "destination" text;--> statement-breakpoint
ALTER TABLE "simulated_intent" ADD COLUMN "destination" text;--> statement-breakpoint
ALTER TABLE "simulated_intent" ADD COLUMN "application_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "simulated_intent" ADD COLUMN "transfer_id" text;--> statement-breakpoint
ALTER TABLE "payout_account" ADD CONSTRAINT "payout_account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entry_seller_idx" ON "ledger_entry" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entry_created_idx" ON "ledger_entry" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_entry_order_idx" ON "ledger_entry" USING btree ("order_id");--> statement-breakpoint
CREATE FUNCTION "ledger_entry_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entry is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entry_no_update_delete" BEFORE UPDATE OR DELETE ON "ledger_entry"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entry_append_only"();
--> statement-breakpoint
CREATE TRIGGER "ledger_entry_no_truncate" BEFORE TRUNCATE ON "ledger_entry"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entry_append_only"();
