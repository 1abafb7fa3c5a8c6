-- The price feed (issue 29, decision 029): one row of the feed's state and polls, and when the
-- feed last vouched for each symbol. ledger_priced_at takes the order's time, to halt an asset
-- whose feed price is stale: its old signature goes, and its file creates the new one.
CREATE TABLE "price_feed" (
	"id" smallint PRIMARY KEY NOT NULL,
	"source" text,
	"stale_after_seconds" integer,
	"polls" bigint DEFAULT 0 NOT NULL,
	"polled_at" timestamp with time zone,
	"succeeded_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "price_feed_one_row" CHECK ("price_feed"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "price_feed_symbols" (
	"symbol" text PRIMARY KEY NOT NULL,
	"vouched_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
INSERT INTO "price_feed" ("id") VALUES (1);--> statement-breakpoint
DROP FUNCTION IF EXISTS ledger_priced_at(text, text, numeric);
