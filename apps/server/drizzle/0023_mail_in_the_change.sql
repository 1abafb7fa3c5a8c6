-- Mail is queued in the transaction of the change it reports (decision 022): a row may hold a
-- template and its data instead of rendered words. ledger_transfer and ledger_mature_term queue
-- their emails themselves, under the request that caused them: their signatures changed.
ALTER TABLE "mail_queue" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "data" jsonb;--> statement-breakpoint
DROP FUNCTION IF EXISTS "ledger_transfer"(uuid, uuid, timestamptz, text, text, uuid, text, uuid, numeric, jsonb, text, text, text, timestamptz, integer);--> statement-breakpoint
DROP FUNCTION IF EXISTS "ledger_mature_term"(uuid, timestamptz, jsonb);
