-- Balanced postings (decision 021): every journal row is a posting on an account — a customer's
-- holding, or one of the platform's accounts (user_id null) — and the postings of one movement sum
-- to zero per asset (ledger_amount), checked at commit by ledger_entries_balanced (its file under
-- src/ledger/sql). A movement is one transaction: its first posting draws the id from
-- ledger_movements and keeps it in a transaction-local setting, so the default costs one nextval
-- per transaction and no caller can forget it.
CREATE SEQUENCE "ledger_movements";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_owner_check";--> statement-breakpoint
DROP INDEX "ledger_entries_platform_idx";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "account" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "movement" bigint;--> statement-breakpoint
-- The single-entry journal becomes legacy movements with negative ids: the rows one operation
-- wrote together (one reference at one moment; a row with no reference alone). The rows with no
-- customer were the rounding account's. The append-only trigger is off for this data fix only.
ALTER TABLE "ledger_entries" DISABLE TRIGGER "ledger_entries_no_update_or_delete";--> statement-breakpoint
UPDATE "ledger_entries" e
SET "account" = CASE WHEN e."user_id" IS NULL THEN 'rounding' ELSE 'customer' END,
  "movement" = g."movement"
FROM (
  SELECT "id", -dense_rank() OVER (ORDER BY "created_at", coalesce("reference", "id"::text)) AS "movement"
  FROM "ledger_entries"
) g
WHERE g."id" = e."id";--> statement-breakpoint
ALTER TABLE "ledger_entries" ENABLE TRIGGER "ledger_entries_no_update_or_delete";--> statement-breakpoint
-- Each legacy movement gets the platform's side of what it moved, per asset, on the account its
-- kind implies: the trading book for trades, swaps, asset to cash and rounding; interest for
-- fixed-term profit; custody intake for staff changes to custody items; the world for the rest
-- (deposits, withdrawals, refunds, book balances, staff cash, deliveries). Transfers, set-asides
-- and the whole-cents fix of migration 0006 already balance and get none.
INSERT INTO "ledger_entries" ("account", "asset_symbol", "kind", "quantity_delta", "value_delta",
  "reference", "created_at", "movement")
SELECT "account", "asset_symbol", "kind",
  CASE WHEN "asset_symbol" IS NULL OR "asset_symbol" = 'USD' THEN NULL ELSE -"quantity" END,
  -"value", "reference", "created_at", "movement"
FROM (
  SELECT "movement", "asset_symbol", min("created_at") AS "created_at", min("reference") AS "reference",
    min("kind") AS "kind",
    min(CASE
      WHEN "kind" IN ('buy', 'sell', 'swap_out', 'swap_in', 'swap_cash', 'asset_to_cash', 'rounding')
        THEN 'trading_book'
      WHEN "kind" = 'fixed_term_profit' THEN 'interest'
      WHEN "kind" IN ('admin_add', 'admin_edit', 'admin_delete') AND "asset_symbol" IS NULL
        THEN 'custody_intake'
      ELSE 'world'
    END) AS "account",
    coalesce(sum("quantity_delta"), 0) AS "quantity",
    sum("value_delta") AS "value",
    sum(CASE WHEN "asset_symbol" IS NULL OR "asset_symbol" = 'USD' THEN "value_delta"
      ELSE coalesce("quantity_delta", 0) END) AS "amount"
  FROM "ledger_entries"
  GROUP BY "movement", "asset_symbol"
) legacy
WHERE "amount" <> 0;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "movement" SET DEFAULT coalesce(nullif(current_setting('sv.movement', true), '')::bigint, set_config('sv.movement', nextval('ledger_movements')::text, true)::bigint);--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "movement" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_entries_movement_idx" ON "ledger_entries" USING btree ("movement");--> statement-breakpoint
-- The platform's rows have no user and no valuable: the customer-side indexes leave them out,
-- so a trade's postings on the trading book and rounding cost no entries there.
DROP INDEX "ledger_entries_user_created_idx";--> statement-breakpoint
DROP INDEX "ledger_entries_valuable_idx";--> statement-breakpoint
CREATE INDEX "ledger_entries_user_created_idx" ON "ledger_entries" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "ledger_entries"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_valuable_idx" ON "ledger_entries" USING btree ("valuable_id") WHERE "ledger_entries"."valuable_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_platform_idx" ON "ledger_entries" USING btree ("account","asset_symbol") WHERE "ledger_entries"."user_id" is null;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_check" CHECK ("ledger_entries"."account" in ('customer', 'trading_book', 'rounding', 'world', 'interest', 'custody_intake'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_owner_check" CHECK (("ledger_entries"."user_id" is null) = ("ledger_entries"."account" <> 'customer'));--> statement-breakpoint
-- Two functions take the account on the other side (a changed signature): their files create them anew.
DROP FUNCTION "ledger_move_cash"(uuid, numeric, text, text, uuid, timestamptz, text, text);--> statement-breakpoint
DROP FUNCTION "ledger_move_position"(uuid, text, numeric, numeric, text, text, uuid, timestamptz, jsonb);
