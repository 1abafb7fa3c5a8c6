-- An asset transfer (DESIGN §5): the whole valuable, or p_quantity of a traded position (in its
-- unit) or of cash (dollars), from p_user to the owner of p_receiver_account, at once, in one
-- statement with everything around it (bench/README.md, "Transfers"). p_assets holds each listed
-- asset's price, quantity decimals and new-position description. Both sides are customers'
-- holdings: no platform account takes part (decision 021).
--
-- The account-lookup limit (auth/rate-limit.ts) is the caller's bucket and keyed hash, the start
-- of its window and its maximum: once the caller has looked up that many account numbers, every
-- transfer is refused alike, a real receiver's too. A number that is no one's, or the caller's
-- own, is answered {"miss": "unknown" | "own"} before anything is written, for the caller to
-- count as a lookup. A transfer made answers the sender's view of it and queues the two emails,
-- each in its reader's language, under the request that made it (p_request): a replay, which
-- returns before, queues none.
CREATE OR REPLACE FUNCTION ledger_transfer(
  p_user uuid, p_actor uuid, p_at timestamptz, p_key text, p_hash text,
  p_id uuid, p_receiver_account text, p_valuable uuid, p_quantity numeric,
  p_assets jsonb, p_language text,
  p_lookup_bucket text, p_lookup_key text, p_lookup_since timestamptz, p_lookup_max integer,
  p_request text
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_replay jsonb;
  v_receiver uuid;
  v_sender_party jsonb;
  v_receiver_party jsonb;
  v_item valuables;
  v_asset jsonb;
  v_quantity numeric;
  v_value numeric;
  v_reference text := p_id::text;
  v_row transfers;
  v_moved jsonb;
BEGIN
  IF (SELECT count(*) FROM rate_limit_events
      WHERE bucket = p_lookup_bucket AND key = p_lookup_key AND created_at > p_lookup_since)
     >= p_lookup_max THEN
    PERFORM ledger_refuse('RATE_LIMITED', '{"what": "lookups"}');
  END IF;
  SELECT jsonb_build_object('user', p.user_id, 'email', u.email, 'account', p.account_number,
      'masked', masked_name(p.full_name, u.email))
    INTO v_receiver_party
  FROM profiles p JOIN users u ON u.id = p.user_id
  WHERE p.account_number = p_receiver_account;
  v_receiver := (v_receiver_party->>'user')::uuid;
  IF v_receiver IS NULL THEN
    RETURN jsonb_build_object('miss', 'unknown');
  ELSIF v_receiver = p_user THEN
    RETURN jsonb_build_object('miss', 'own');
  END IF;

  v_replay := ledger_claim_key(p_user, p_key, p_hash, p_at);
  IF v_replay IS NOT NULL THEN
    RETURN v_replay;
  END IF;
  PERFORM ledger_require_kyc(p_user);
  SELECT jsonb_build_object('email', u.email, 'account', p.account_number,
      'masked', masked_name(p.full_name, u.email))
    INTO v_sender_party
  FROM profiles p JOIN users u ON u.id = p.user_id
  WHERE p.user_id = p_user;
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
      PERFORM ledger_move_position(p_user, v_item.asset_symbol, -v_quantity, ledger_price(v_item.asset_symbol, 'sell'),
        'transfer_out', v_reference, p_actor, p_at, NULL, NULL);
      PERFORM ledger_move_position(v_receiver, v_item.asset_symbol, v_quantity, ledger_price(v_item.asset_symbol, 'sell'),
        'transfer_in', v_reference, NULL, p_at, v_asset->'new', NULL);
    ELSE
      PERFORM ledger_move_position(v_receiver, v_item.asset_symbol, v_quantity, ledger_price(v_item.asset_symbol, 'sell'),
        'transfer_in', v_reference, NULL, p_at, v_asset->'new', NULL);
      PERFORM ledger_move_position(p_user, v_item.asset_symbol, -v_quantity, ledger_price(v_item.asset_symbol, 'sell'),
        'transfer_out', v_reference, p_actor, p_at, NULL, NULL);
    END IF;
    v_value := round(v_quantity * ledger_price(v_item.asset_symbol, 'sell'), 8);
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
    v_sender_party->>'masked', v_receiver_party->>'masked', v_item.id, v_item.item_name, v_item.asset_symbol,
    v_quantity, p_language, p_at, p_at, p_at)
  RETURNING * INTO v_row;
  PERFORM ledger_notify(v_receiver, 'valuables');
  PERFORM ledger_notify(v_receiver, 'requests');
  PERFORM ledger_notify(p_user, 'requests');
  v_moved := transfer_json(v_row, p_user);
  PERFORM notify_customer(p_user, 'transfer_sent', jsonb_build_object(
    'language', p_language, 'transfer', v_moved,
    'counterparty', format('%s (%s)', v_receiver_party->>'masked', v_receiver_party->>'account')),
    p_at, p_request);
  PERFORM notify_customer(v_receiver, 'transfer_received', jsonb_build_object(
    'language', customer_language(v_receiver), 'transfer', v_moved,
    'counterparty', format('%s (%s)', v_sender_party->>'masked', v_sender_party->>'account')),
    p_at, p_request);
  RETURN ledger_answer(p_user, p_key, 201, v_moved, 'valuables');
END;
$$;
