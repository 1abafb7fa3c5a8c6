-- Price alerts (issue 29): a customer's level above or below an asset's sell price, fired once
-- (prices/alerts.ts) and kept with the price that fired it.
CREATE TABLE "price_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"direction" text NOT NULL,
	"price" numeric(30, 8) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"fired_at" timestamp with time zone,
	"fired_price" numeric(30, 8),
	CONSTRAINT "price_alerts_direction_check" CHECK ("price_alerts"."direction" in ('above', 'below')),
	CONSTRAINT "price_alerts_price_check" CHECK ("price_alerts"."price" > 0),
	CONSTRAINT "price_alerts_fired_check" CHECK (("price_alerts"."fired_at" is null) = ("price_alerts"."fired_price" is null))
);
--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_alerts_waiting_idx" ON "price_alerts" USING btree ("symbol","direction","price") WHERE "price_alerts"."fired_at" is null;--> statement-breakpoint
CREATE INDEX "price_alerts_user_idx" ON "price_alerts" USING btree ("user_id","created_at" DESC NULLS LAST);