-- An asset transfer (DESIGN §5): the whole valuable, or p_quantity of a traded position (in its
-- unit) or of cash (dollars), from p_user to the owner of p_receiver_account, at once. p_assets
-- holds each listed asset's price, quantity decimals and new-position description. The answer
-- is the transfer as the sender sees it. Both sides are customers' holdings: no platform account
-- takes part (decision 021).
CREATE OR REPLACE FUNCTION ledger_transfer(
  p_user uuid, p_actor uuid, p_at timestamptz, p_key text, p_hash text,
  p_id uuid, p_receiver_account text, p_valuable uuid, p_quantity numeric,
  p_assets jsonb, p_names jsonb, p_language text
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_replay jsonb;
  v_receiver uuid;
  v_item valuables;
  v_asset jsonb;
  v_quantity numeric;
  v_value numeric;
  v_reference text := p_id::text;
  v_row transfers;
BEGIN
  v_replay := ledger_claim_key(p_user, p_key, p_hash, p_at);
  IF v_replay IS NOT NULL THEN
    RETURN v_replay;
  END IF;
  PERFORM ledger_require_kyc(p_user);
  SELECT user_id INTO v_receiver FROM profiles WHERE account_number = p_receiver_account;
  IF v_receiver IS NULL OR v_receiver = p_user THEN
    PERFORM ledger_refuse('NOT_FOUND', '{"what": "receiver"}');
  END IF;
  -- A delivered valuable has left the vault: it is answered as a missing one.
  SELECT * INTO v_item FROM valuables
  WHERE id = p_valuable AND user_id = p_user AND status <> 'delivered';
  IF NOT FOUND THEN
    PERFORM ledger_refuse('NOT_FOUND', '{}');
  END IF;
  IF v_item.status <> 'active' THEN
    PERFORM ledger_refuse('ASSET_UNAVAILABLE', jsonb_build_object(
      'symbol', coalesce(v_item.asset_symbol, v_item.item_name), 'status', v_item.status, 'action', 'transfer'));
  END IF;
  v_asset := p_assets -> v_item.asset_symbol;

  IF v_item.asset_symbol = 'USD' THEN
    v_quantity := coalesce(p_quantity, v_item.estimated_value);
    IF v_quantity <= 0 OR v_quantity <> trunc(v_quantity, 2) THEN
      PERFORM ledger_refuse('QUANTITY_INVALID', '{"what": "cash"}');
    END IF;
    IF p_user < v_receiver THEN
      PERFORM ledger_move_cash(p_user, -v_quantity, 'transfer_out', v_reference, p_actor, p_at, NULL);
      PERFORM ledger_move_cash(v_receiver, v_quantity, 'transfer_in', v_reference, NULL, p_at, NULL);
    ELSE
      PERFORM ledger_move_cash(v_receiver, v_quantity, 'transfer_in', v_reference, NULL, p_at, NULL);
      PERFORM ledger_move_cash(p_user, -v_quantity, 'transfer_out', v_reference, p_actor, p_at, NULL);
    END IF;
    v_value := v_quantity;
    v_quantity := NULL;
  ELSIF v_asset IS NOT NULL THEN
    v_quantity := coalesce(p_quantity, v_item.quantity);
    IF v_quantity <= 0 OR v_quantity <> trunc(v_quantity, (v_asset->>'decimals')::int) THEN
      PERFORM ledger_refuse('QUANTITY_INVALID', jsonb_build_object('symbol', v_item.asset_symbol));
    END IF;
    -- Worded for a transfer here; ledger_move_position refuses too (worded for a sale) should a
    -- sale take the quantity between this read and its lock.
    IF v_quantity > v_item.quantity THEN
      PERFORM ledger_refuse('INSUFFICIENT_HOLDING', jsonb_build_object('symbol', v_item.asset_symbol,
        'wanted', v_quantity::text, 'held', v_item.quantity::text, 'action', 'transfer'));
    END IF;
    IF p_user < v_receiver THEN
      PERFORM ledger_move_position(p_user, v_item.asset_symbol, -v_quantity, (v_asset->>'price')::numeric,
        'transfer_out', v_reference, p_actor, p_at, NULL, NULL);
      PERFORM ledger_move_position(v_receiver, v_item.asset_symbol, v_quantity, (v_asset->>'price')::numeric,
        'transfer_in', v_reference, NULL, p_at, v_asset->'new', NULL);
    ELSE
      PERFORM ledger_move_position(v_receiver, v_item.asset_symbol, v_quantity, (v_asset->>'price')::numeric,
        'transfer_in', v_reference, NULL, p_at, v_asset->'new', NULL);
      PERFORM ledger_move_position(p_user, v_item.asset_symbol, -v_quantity, (v_asset->>'price')::numeric,
        'transfer_out', v_reference, p_actor, p_at, NULL, NULL);
    END IF;
    v_value := v_quantity * (v_asset->>'price')::numeric;
  ELSE
    -- A custody item (jewelry, artwork…) moves whole: the same valuable changes hands.
    IF p_quantity IS NOT NULL THEN
      PERFORM ledger_refuse('QUANTITY_INVALID', '{"what": "whole"}');
    END IF;
    SELECT * INTO v_item FROM valuables WHERE id = p_valuable AND user_id = p_user FOR UPDATE;
    IF NOT FOUND OR v_item.status <> 'active' THEN
      PERFORM ledger_refuse('NOT_FOUND', '{}');
    END IF;
    IF coalesce(v_item.estimated_value, 0) < 0 THEN
      PERFORM ledger_refuse('ASSET_UNAVAILABLE', jsonb_build_object(
        'symbol', v_item.item_name, 'status', 'negative', 'action', 'transfer'));
    END IF;
    v_value := coalesce(v_item.estimated_value, 0);
    UPDATE valuables SET user_id = v_receiver, updated_at = p_at WHERE id = v_item.id;
    PERFORM ledger_journal(p_user, v_item.id, NULL, v_item.item_name, 'transfer_out', NULL, -v_value,
      v_reference, p_actor, p_at);
    PERFORM ledger_journal(v_receiver, v_item.id, NULL, v_item.item_name, 'transfer_in', NULL, v_value,
      v_reference, NULL, p_at);
    v_quantity := NULL;
  END IF;

  INSERT INTO transfers (id, type, user_id, status, amount, counterparty_id,
    counterparty_account_number, user_masked_name, counterparty_masked_name, valuable_id,
    item_name, asset_symbol, quantity, language, decided_at, created_at, updated_at)
  VALUES (p_id, 'asset_transfer', p_user, 'completed', v_value, v_receiver, p_receiver_account,
    p_names->>'sender', p_names->>'receiver', v_item.id, v_item.item_name, v_item.asset_symbol,
    v_quantity, p_language, p_at, p_at, p_at)
  RETURNING * INTO v_row;
  PERFORM ledger_notify(v_receiver, 'valuables');
  PERFORM ledger_notify(v_receiver, 'requests');
  PERFORM ledger_notify(p_user, 'requests');
  RETURN ledger_answer(p_user, p_key, 201, transfer_json(v_row, p_user), 'valuables');
END;
$$;
