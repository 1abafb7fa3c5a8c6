-- Places a limit order (decision 031): claims the Idempotency-Key, then reserves what the order
-- needs within the customer's own vault — a buy's cash (p_reserve, whole cents) moved from the
-- cash position to a cash row of status `reserved`; a sell's quantity split off the active
-- position as a `reserved` row (ledger_set_aside) — and keeps the order with that row. Nothing
-- leaves the customer, so the movement balances within their rows. At most p_max_open orders are
-- open per customer, counted under a lock of theirs. Whether the book already crosses the limit
-- is for ledger_fill_orders, run once this has committed.
CREATE OR REPLACE FUNCTION ledger_place_order(
  p_user uuid, p_actor uuid, p_at timestamptz, p_key text, p_hash text,
  p_id uuid, p_side text, p_symbol text, p_quantity numeric, p_limit numeric, p_reserve numeric,
  p_expires timestamptz, p_language text, p_max_open integer, p_assets jsonb, p_reference text
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_replay jsonb;
  v_open integer;
  v_position uuid;
  v_unavailable text;
  v_row valuables;
  v_order limit_orders;
BEGIN
  v_replay := ledger_claim_key(p_user, p_key, p_hash, p_at);
  IF v_replay IS NOT NULL THEN
    RETURN v_replay;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('limit_orders'), hashtext(p_user::text));
  SELECT count(*) INTO v_open FROM limit_orders WHERE user_id = p_user AND status = 'open';
  IF v_open >= p_max_open THEN
    PERFORM ledger_refuse('VALIDATION', jsonb_build_object(
      'field', 'quantity', 'message', 'trading:orders.errors.tooMany'));
  END IF;
  IF p_side = 'buy' THEN
    PERFORM ledger_move_cash(p_user, -p_reserve, 'order_reserve', p_reference, p_actor, p_at, NULL);
    INSERT INTO valuables (user_id, item_name, item_type, estimated_value, storage_location,
      asset_symbol, status, date_stored, created_at, updated_at)
    VALUES (p_user, 'Cash', 'cash', p_reserve, 'Account', 'USD', 'reserved', p_at, p_at, p_at)
    RETURNING * INTO v_row;
    PERFORM ledger_journal(p_user, v_row.id, 'USD', 'Cash', 'order_reserve', NULL, p_reserve,
      p_reference, p_actor, p_at);
  ELSE
    SELECT id INTO v_position FROM valuables
    WHERE user_id = p_user AND asset_symbol = p_symbol AND status = 'active';
    IF NOT FOUND THEN
      SELECT status INTO v_unavailable FROM valuables
      WHERE user_id = p_user AND asset_symbol = p_symbol AND status IN ('locked', 'in_delivery')
      LIMIT 1;
      IF FOUND THEN
        PERFORM ledger_refuse('ASSET_UNAVAILABLE', jsonb_build_object('symbol', p_symbol, 'status', v_unavailable));
      END IF;
      PERFORM ledger_refuse('INSUFFICIENT_HOLDING', jsonb_build_object(
        'symbol', p_symbol, 'wanted', p_quantity::text, 'held', '0'));
    END IF;
    v_row := ledger_set_aside(p_user, v_position, p_quantity, 'reserved', 'order_reserve', 'sell',
      p_reference, p_actor, p_at, p_assets);
  END IF;
  INSERT INTO limit_orders (id, user_id, symbol, side, quantity, limit_price, reserved,
    reservation_id, status, expires_at, created_at, reference, language)
  VALUES (p_id, p_user, p_symbol, p_side, p_quantity, p_limit, p_reserve, v_row.id, 'open',
    p_expires, p_at, p_reference, p_language)
  RETURNING * INTO v_order;
  RETURN ledger_answer(p_user, p_key, 201, limit_order_json(v_order), 'valuables');
END;
$$;
