-- Limit orders (issue 29, decision 031): an order to buy at or below, or sell at or above, a price,
-- and what it reserves while open: a row of the customer's vault with the new status `reserved`,
-- set aside and brought back by the journal's two new kinds.
CREATE TABLE "limit_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"quantity" numeric(30, 8) NOT NULL,
	"limit_price" numeric(30, 8) NOT NULL,
	"reserved" numeric(30, 8) NOT NULL,
	"reservation_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"fill_price" numeric(30, 8),
	"fill_total" numeric(30, 8),
	"reference" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	CONSTRAINT "limit_orders_side_check" CHECK ("limit_orders"."side" in ('buy', 'sell')),
	CONSTRAINT "limit_orders_status_check" CHECK ("limit_orders"."status" in ('open', 'filled', 'cancelled', 'expired')),
	CONSTRAINT "limit_orders_language_check" CHECK ("limit_orders"."language" in ('en', 'ar')),
	CONSTRAINT "limit_orders_positive_check" CHECK ("limit_orders"."quantity" > 0 and "limit_orders"."limit_price" > 0 and "limit_orders"."reserved" > 0),
	CONSTRAINT "limit_orders_open_check" CHECK (("limit_orders"."status" = 'open') = ("limit_orders"."closed_at" is null) and ("limit_orders"."status" = 'open') = ("limit_orders"."reservation_id" is not null)),
	CONSTRAINT "limit_orders_filled_check" CHECK (("limit_orders"."status" = 'filled') = ("limit_orders"."fill_price" is not null and "limit_orders"."fill_total" is not null))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "valuables" DROP CONSTRAINT "valuables_status_check";--> statement-breakpoint
ALTER TABLE "limit_orders" ADD CONSTRAINT "limit_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "limit_orders_user_idx" ON "limit_orders" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "limit_orders_open_idx" ON "limit_orders" USING btree ("symbol","side","limit_price") WHERE "limit_orders"."status" = 'open';--> statement-breakpoint
CREATE INDEX "limit_orders_expiry_idx" ON "limit_orders" USING btree ("expires_at") WHERE "limit_orders"."status" = 'open' and "limit_orders"."expires_at" is not null;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('buy', 'sell', 'swap_out', 'swap_in', 'swap_cash', 'transfer_out', 'transfer_in', 'deposit', 'withdrawal', 'refund', 'asset_to_cash', 'fixed_term_start', 'fixed_term_profit', 'fixed_term_end', 'delivery', 'admin_add', 'admin_edit', 'admin_delete', 'book_balance', 'rounding', 'order_reserve', 'order_release'));--> statement-breakpoint
ALTER TABLE "valuables" ADD CONSTRAINT "valuables_status_check" CHECK ("valuables"."status" in ('active', 'locked', 'in_delivery', 'reserved', 'delivered'));