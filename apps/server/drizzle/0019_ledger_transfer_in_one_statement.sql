-- ledger_transfer takes the caller's account-lookup limit and reads both parties itself, so a
-- transfer is one statement (ledger/sql/ledger_transfer.sql): its signature changed.
DROP FUNCTION IF EXISTS "ledger_transfer"(uuid, uuid, timestamptz, text, text, uuid, text, uuid, numeric, jsonb, jsonb, text);
