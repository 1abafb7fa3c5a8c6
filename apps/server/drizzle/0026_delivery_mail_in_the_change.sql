-- A delivery's email is queued by ledger_request_delivery and ledger_delivery_status in the
-- change's own transaction (decision 022), under the request that made it: their signatures
-- changed.
DROP FUNCTION IF EXISTS "ledger_request_delivery"(uuid, uuid, timestamptz, text, text, uuid, uuid, numeric, jsonb, text, jsonb);--> statement-breakpoint
DROP FUNCTION IF EXISTS "ledger_delivery_status"(uuid, text, uuid, uuid, timestamptz, uuid, text, text, jsonb, text);
