-- What a request causes names it (request-context.ts): the mail it queued and the jobs it
-- scheduled keep its id. ledger_fix_term takes it for the maturity job: its signature changed.
ALTER TABLE "mail_queue" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "request_id" text;--> statement-breakpoint
DROP FUNCTION IF EXISTS "ledger_fix_term"(uuid, uuid, timestamptz, text, text, uuid, uuid, numeric, integer, numeric, text, jsonb);
