-- Claims an Idempotency-Key for this movement (decision 007). NULL: claimed, go on. Else the
-- first request's stored answer, to replay. A second request with the key waits here on the
-- first's uncommitted row; a request that was refused rolled its key back with it.
CREATE OR REPLACE FUNCTION ledger_claim_key(p_user uuid, p_key text, p_hash text, p_at timestamptz)
RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_stored idempotency_keys;
BEGIN
  IF p_key IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO idempotency_keys (user_id, key, request_hash, created_at)
  VALUES (p_user, p_key, p_hash, p_at)
  ON CONFLICT DO NOTHING;
  IF FOUND THEN
    RETURN NULL;
  END IF;
  SELECT * INTO v_stored FROM idempotency_keys WHERE user_id = p_user AND key = p_key;
  IF v_stored.request_hash <> p_hash THEN
    PERFORM ledger_refuse('IDEMPOTENCY_KEY_REUSED', '{}');
  END IF;
  IF v_stored.response_status IS NULL THEN
    PERFORM ledger_refuse('CONFLICT', '{}');
  END IF;
  RETURN jsonb_build_object('replayed', true, 'status', v_stored.response_status, 'body', v_stored.response_body);
END;
$$;
