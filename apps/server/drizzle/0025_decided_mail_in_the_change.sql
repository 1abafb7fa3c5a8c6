-- A request's "final" email is queued by ledger_settle in the deciding transaction (decision
-- 022), under the request that decided it, which ledger_decide_proposal passes on: both
-- signatures changed.
DROP FUNCTION IF EXISTS "ledger_settle"(uuid, text, text, text, uuid, uuid, timestamptz, uuid, text, text, jsonb, text);--> statement-breakpoint
DROP FUNCTION IF EXISTS "ledger_decide_proposal"(uuid, uuid, text, text, timestamptz, text, jsonb);
