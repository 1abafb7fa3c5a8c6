-- A request's "received" email is queued by ledger_request in the request's own transaction
-- (decision 022), under the request that made it: its signature changed.
DROP FUNCTION IF EXISTS "ledger_request"(uuid, uuid, timestamptz, text, text, uuid, text, numeric, text, jsonb, text, jsonb);
