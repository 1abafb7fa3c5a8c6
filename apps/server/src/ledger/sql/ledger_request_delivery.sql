-- A delivery request (DESIGN §5): approved KYC; physical items and metals only; the whole
-- valuable, or part of a metal position split off, is in delivery until delivered or cancelled.
CREATE OR REPLACE FUNCTION ledger_request_delivery(
  p_user uuid, p_actor uuid, p_at timestamptz, p_key text, p_hash text,
  p_id uuid, p_valuable uuid, p_quantity numeric, p_recipient jsonb, p_language text,
  p_assets jsonb, p_request text
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_replay jsonb;
  v_item valuables;
  v_row valuables;
  v_delivery deliveries;
BEGIN
  v_replay := ledger_claim_key(p_user, p_key, p_hash, p_at);
  IF v_replay IS NOT NULL THEN
    RETURN v_replay;
  END IF;
  PERFORM ledger_require_kyc(p_user);
  SELECT * INTO v_item FROM valuables WHERE id = p_valuable AND user_id = p_user;
  IF NOT FOUND OR v_item.status = 'delivered' THEN
    PERFORM ledger_refuse('NOT_FOUND', '{}');
  END IF;
  -- Cash leaves by a withdrawal to a bank; crypto never leaves the vault: each is told apart.
  IF v_item.asset_symbol = 'USD' THEN
    PERFORM ledger_refuse('NOT_DELIVERABLE', jsonb_build_object('what', 'cash'));
  END IF;
  IF p_assets -> v_item.asset_symbol ->> 'kind' = 'crypto' THEN
    PERFORM ledger_refuse('NOT_DELIVERABLE', '{}');
  END IF;
  -- A negative entry (a reduction staff recorded) is a debt, not an item: delivering it would
  -- take it off the books and raise net worth. Transfers refuse it the same way.
  IF coalesce(v_item.estimated_value, 0) < 0 THEN
    PERFORM ledger_refuse('ASSET_UNAVAILABLE', jsonb_build_object(
      'symbol', v_item.item_name, 'status', 'negative', 'action', 'deliver'));
  END IF;
  -- A negative entry records value taken away (SPEC §3); there is nothing to send.
  IF coalesce(v_item.estimated_value, 0) < 0 THEN
    PERFORM ledger_refuse('ASSET_UNAVAILABLE', jsonb_build_object(
      'symbol', v_item.item_name, 'status', 'negative', 'action', 'deliver'));
  END IF;
  v_row := ledger_set_aside(p_user, p_valuable, p_quantity, 'in_delivery', 'delivery', 'deliver',
    p_id::text, p_actor, p_at, p_assets);
  INSERT INTO deliveries (id, user_id, valuable_id, item_name, item_type, asset_symbol, quantity,
    unit, estimated_value, recipient_name, recipient_email, recipient_phone, recipient_address,
    status, language, created_at, updated_at)
  VALUES (p_id, p_user, v_row.id, v_row.item_name, v_row.item_type, v_row.asset_symbol,
    v_row.quantity, v_row.unit, v_row.estimated_value, p_recipient->>'name', p_recipient->>'email',
    p_recipient->>'phone', p_recipient->>'address', 'pending', p_language, p_at, p_at)
  RETURNING * INTO v_delivery;
  PERFORM ledger_notify(p_user, 'requests');
  PERFORM delivery_mail(v_delivery, p_at, p_request);
  RETURN ledger_answer(p_user, p_key, 201, delivery_json(v_delivery), 'valuables');
END;
$$;
