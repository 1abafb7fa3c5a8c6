CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"valuable_id" uuid,
	"asset_symbol" text,
	"item_name" text,
	"kind" text NOT NULL,
	"quantity_delta" numeric(30, 8),
	"value_delta" numeric(30, 8) NOT NULL,
	"reference" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "valuables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"item_name" text NOT NULL,
	"item_type" text NOT NULL,
	"estimated_value" numeric(30, 8),
	"description" text,
	"storage_location" text,
	"asset_symbol" text,
	"quantity" numeric(30, 8),
	"unit" text,
	"status" text DEFAULT 'active' NOT NULL,
	"date_stored" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "valuables_status_check" CHECK ("valuables"."status" in ('active', 'locked', 'in_delivery', 'delivered')),
	CONSTRAINT "valuables_unit_check" CHECK ("valuables"."unit" is null or "valuables"."unit" in ('mg', 'units')),
	CONSTRAINT "valuables_cash_not_negative" CHECK ("valuables"."asset_symbol" is distinct from 'USD' or "valuables"."estimated_value" >= 0),
	CONSTRAINT "valuables_quantity_not_negative" CHECK ("valuables"."quantity" is null or "valuables"."quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "valuables" ADD CONSTRAINT "valuables_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_user_created_idx" ON "ledger_entries" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ledger_entries_valuable_idx" ON "ledger_entries" USING btree ("valuable_id");--> statement-breakpoint
CREATE INDEX "valuables_user_date_stored_idx" ON "valuables" USING btree ("user_id","date_stored" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "valuables_one_active_position_idx" ON "valuables" USING btree ("user_id","asset_symbol") WHERE "valuables"."asset_symbol" is not null and "valuables"."status" = 'active';