-- The price book (issue 29, decision 028): every price an asset has had. The opening book (SPEC
-- §9's prices) is written after the migrations by prices_open_book(), from the catalogue.
CREATE TABLE "asset_prices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"buy" numeric(30, 8) NOT NULL,
	"sell" numeric(30, 8) NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "asset_prices_source_check" CHECK ("asset_prices"."source" in ('opening', 'staff', 'feed')),
	CONSTRAINT "asset_prices_positive_check" CHECK ("asset_prices"."buy" > 0 and "asset_prices"."sell" > 0),
	CONSTRAINT "asset_prices_spread_check" CHECK ("asset_prices"."sell" <= "asset_prices"."buy")
);
--> statement-breakpoint
CREATE INDEX "asset_prices_symbol_id_idx" ON "asset_prices" USING btree ("symbol","id");--> statement-breakpoint
CREATE INDEX "asset_prices_symbol_effective_idx" ON "asset_prices" USING btree ("symbol","effective_at");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_prices_opening_idx" ON "asset_prices" USING btree ("symbol") WHERE "asset_prices"."source" = 'opening';