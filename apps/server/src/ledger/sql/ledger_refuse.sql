-- A refusal (SQLSTATE SVL01): the API's error code as the message and the figures as JSON in
-- the detail, which the TypeScript side (ledger/refusals.ts) turns into SPEC §8's texts. It rolls
-- back everything the statement did, the idempotency key included.
CREATE OR REPLACE FUNCTION ledger_refuse(p_code text, p_detail jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'SVL01', MESSAGE = p_code, DETAIL = p_detail::text;
END;
$$;
