-- Adds p_delta (negative to take away) to the user's active position in p_symbol, revalued at
-- p_price (to 8 decimals, rounded half away from zero: exact at SPEC §9's listed prices, whose
-- quantity steps were chosen for it, decision 006; a book price may have any 8, 028), and
-- journals it; a position that reaches zero is deleted (its journal rows keep its
-- id). A credit with no position opens one described by p_new (item_name, item_type,
-- storage_location, unit). Returns the new quantity. Taking more than is held is refused with
-- INSUFFICIENT_HOLDING; taking from a holding that is fixed for a term or out for delivery,
-- with ASSET_UNAVAILABLE. p_counter names the platform account on the other side (decision 021),
-- posted with the opposite quantity at p_price; null when the caller moves the other side itself
-- (another customer, or the part split off or brought back).
CREATE OR REPLACE FUNCTION ledger_move_position(
  p_user uuid, p_symbol text, p_delta numeric, p_price numeric, p_kind text,
  p_reference text, p_actor uuid, p_at timestamptz, p_new jsonb, p_counter text
) RETURNS numeric
LANGUAGE plpgsql AS $$
DECLARE
  v_position valuables;
  v_unavailable text;
  v_quantity numeric;
  v_value numeric;
BEGIN
  LOOP
    SELECT * INTO v_position FROM valuables
    WHERE user_id = p_user AND asset_symbol = p_symbol AND status = 'active'
    FOR UPDATE;
    EXIT WHEN FOUND;
    IF p_delta < 0 THEN
      SELECT status INTO v_unavailable FROM valuables
      WHERE user_id = p_user AND asset_symbol = p_symbol AND status IN ('locked', 'in_delivery')
      LIMIT 1;
      IF FOUND THEN
        PERFORM ledger_refuse('ASSET_UNAVAILABLE', jsonb_build_object('symbol', p_symbol, 'status', v_unavailable));
      END IF;
      PERFORM ledger_refuse('INSUFFICIENT_HOLDING', jsonb_build_object(
        'symbol', p_symbol, 'wanted', (-p_delta)::text, 'held', '0'));
    END IF;
    INSERT INTO valuables (user_id, item_name, item_type, estimated_value, storage_location,
      asset_symbol, quantity, unit, status, date_stored, created_at, updated_at)
    VALUES (p_user, p_new->>'itemName', p_new->>'itemType', 0, p_new->>'storageLocation',
      p_symbol, 0, p_new->>'unit', 'active', p_at, p_at, p_at)
    ON CONFLICT DO NOTHING;
  END LOOP;
  v_quantity := v_position.quantity + p_delta;
  IF v_quantity < 0 THEN
    PERFORM ledger_refuse('INSUFFICIENT_HOLDING', jsonb_build_object(
      'symbol', p_symbol, 'wanted', (-p_delta)::text, 'held', v_position.quantity::text));
  END IF;
  v_value := round(v_quantity * p_price, 8);
  PERFORM ledger_journal(p_user, v_position.id, p_symbol, v_position.item_name, p_kind, p_delta,
    v_value - v_position.estimated_value, p_reference, p_actor, p_at);
  IF p_counter IS NOT NULL THEN
    PERFORM ledger_post(p_counter, p_symbol, p_kind, -p_delta, round(-p_delta * p_price, 8), p_reference, p_at);
  END IF;
  IF v_quantity = 0 THEN
    DELETE FROM valuables WHERE id = v_position.id;
  ELSE
    UPDATE valuables SET quantity = v_quantity, estimated_value = v_value, updated_at = p_at
    WHERE id = v_position.id;
  END IF;
  RETURN round(v_quantity, 8);
END;
$$;
