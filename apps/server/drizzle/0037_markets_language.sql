-- A price alert and a recurring buy keep the language they were set in: their notices and emails,
-- sent later by no request of the customer's, are written in it.
ALTER TABLE "price_alerts" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_buys" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_language_check" CHECK ("price_alerts"."language" in ('en', 'ar'));--> statement-breakpoint
ALTER TABLE "recurring_buys" ADD CONSTRAINT "recurring_buys_language_check" CHECK ("recurring_buys"."language" in ('en', 'ar'));