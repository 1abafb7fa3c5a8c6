-- A pending request made final, exactly once (DESIGN §5): by staff (p_customer null) to
-- completed, failed or cancelled, or by its customer (p_customer) cancelling a withdrawal.
-- Completing a deposit credits the cash; failing or cancelling a withdrawal refunds it;
-- completing asset to cash converts the holdings, or fails with the reason when they no longer
-- cover it. A request already final is refused with CONFLICT; concurrent changes wait on the
-- row lock, so one wins. No one decides a request on their own account (OWN_ACCOUNT), nor one
-- they made while signed in as the customer (SAME_STAFF: an impersonation is the staff member's
-- own act). The key is claimed under p_key_owner (the one who asked). The customer's email that
-- it is final is queued with it, in the language they asked in, under the request that decided
-- it (p_request). The answer is the staff row, or the customer's.
CREATE OR REPLACE FUNCTION ledger_settle(
  p_id uuid, p_type text, p_status text, p_reason text, p_actor uuid, p_customer uuid,
  p_at timestamptz, p_key_owner uuid, p_key text, p_hash text, p_assets jsonb, p_ip text,
  p_request text
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_replay jsonb;
  v_row transfers;
  v_status text := p_status;
  v_reason text := p_reason;
  v_reference text;
  v_failure text;
  v_body jsonb;
  -- The journal names staff who acted for the customer; a customer's own cancel names no one.
  v_actor uuid := CASE WHEN p_customer IS NULL THEN p_actor END;
BEGIN
  v_replay := ledger_claim_key(p_key_owner, p_key, p_hash, p_at);
  IF v_replay IS NOT NULL THEN
    RETURN v_replay;
  END IF;
  IF p_status NOT IN ('completed', 'failed', 'cancelled') THEN
    RAISE EXCEPTION 'not a final status: %', p_status;
  END IF;
  SELECT * INTO v_row FROM transfers
  WHERE id = p_id AND type = p_type AND (p_customer IS NULL OR user_id = p_customer)
  FOR UPDATE;
  IF NOT FOUND THEN
    PERFORM ledger_refuse('NOT_FOUND', '{"what": "transfer"}');
  END IF;
  -- No one decides a request of their own: a staff member completing their own deposit would
  -- credit cash no one confirmed arrived.
  IF p_customer IS NULL AND v_row.user_id = p_actor THEN
    PERFORM ledger_refuse('OWN_ACCOUNT', '{}');
  END IF;
  IF p_customer IS NULL AND v_row.actor_id = p_actor THEN
    PERFORM ledger_refuse('SAME_STAFF', '{}');
  END IF;
  IF v_row.status <> 'pending' THEN
    PERFORM ledger_refuse('CONFLICT', jsonb_build_object('status', v_row.status));
  END IF;
  -- A reason explains a request that did not go through; a completed one carries none.
  IF p_status = 'completed' THEN
    v_reason := NULL;
  END IF;
  v_reference := coalesce(v_row.reference, v_row.id::text);
  IF p_status = 'completed' THEN
    IF v_row.type IN ('card_deposit', 'bank_deposit') THEN
      PERFORM ledger_move_cash(v_row.user_id, v_row.amount, 'deposit', v_reference, v_actor, p_at, 'world');
    ELSIF v_row.type = 'asset_to_cash' THEN
      v_failure := ledger_convert_to_cash(v_row.user_id, v_row.amount, v_reference, v_actor, p_at, p_assets);
      IF v_failure IS NOT NULL THEN
        v_status := 'failed';
        v_reason := v_failure;
      END IF;
    END IF;
  ELSIF v_row.type = 'withdrawal' THEN
    PERFORM ledger_move_cash(v_row.user_id, v_row.amount, 'refund', v_reference, v_actor, p_at, 'world');
  END IF;
  UPDATE transfers SET status = v_status, reason = v_reason, decided_by = p_actor,
    decided_at = p_at, updated_at = p_at
  WHERE id = p_id
  RETURNING * INTO v_row;
  INSERT INTO audit_log (action, actor_id, subject_user_id, ip, details, created_at)
  VALUES ('transfer.status_changed', p_actor, v_row.user_id, p_ip, jsonb_build_object(
    'transferId', v_row.id, 'type', v_row.type, 'status', v_status, 'requested', p_status,
    'amount', v_row.amount::text, 'byCustomer', p_customer IS NOT NULL), p_at);
  PERFORM ledger_notify(v_row.user_id, 'valuables');
  PERFORM ledger_notify(v_row.user_id, 'requests');
  IF v_row.type <> 'asset_transfer' THEN
    PERFORM notify_customer(v_row.user_id, 'request_decided', jsonb_build_object(
        'language', v_row.language, 'transfer', transfer_json(v_row, v_row.user_id)), p_at, p_request);
  END IF;
  v_body := CASE WHEN p_customer IS NULL THEN admin_transfer_json(v_row)
    ELSE transfer_json(v_row, p_customer) END;
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET response_status = 200, response_body = v_body
    WHERE user_id = p_key_owner AND key = p_key;
  END IF;
  RETURN jsonb_build_object('replayed', false, 'status', 200, 'body', v_body);
END;
$$;
