-- A holding set aside (DESIGN §5: locked for a fixed term, or in delivery), whole or, for a
-- listed position, a part split off as its own row; ledger_restore brings it back. Every step is
-- journaled (a status change in place as a zero row, so the history shows it). p_assets: each
-- listed asset's price, quantity decimals, kind and new-position description (ledger/assets.ts).
-- Lock order: cash first, then holdings.
CREATE OR REPLACE FUNCTION ledger_set_aside(
  p_user uuid, p_valuable uuid, p_quantity numeric, p_status text, p_kind text, p_action text,
  p_reference text, p_actor uuid, p_at timestamptz, p_assets jsonb
) RETURNS valuables
LANGUAGE plpgsql AS $$
DECLARE
  v_item valuables;
  v_asset jsonb;
  v_price numeric;
  v_row valuables;
BEGIN
  SELECT * INTO v_item FROM valuables WHERE id = p_valuable AND user_id = p_user FOR UPDATE;
  IF NOT FOUND OR v_item.status = 'delivered' THEN
    PERFORM ledger_refuse('NOT_FOUND', '{}');
  END IF;
  IF v_item.status <> 'active' THEN
    PERFORM ledger_refuse('ASSET_UNAVAILABLE', jsonb_build_object(
      'symbol', coalesce(v_item.asset_symbol, v_item.item_name), 'status', v_item.status, 'action', p_action));
  END IF;
  v_asset := p_assets -> v_item.asset_symbol;
  IF p_quantity IS NOT NULL AND v_asset IS NULL THEN
    PERFORM ledger_refuse('QUANTITY_INVALID', '{"what": "whole"}');
  END IF;
  IF p_quantity IS NULL OR p_quantity = v_item.quantity THEN
    UPDATE valuables SET status = p_status, updated_at = p_at WHERE id = v_item.id RETURNING * INTO v_row;
    PERFORM ledger_journal(p_user, v_item.id, v_item.asset_symbol, v_item.item_name, p_kind,
      CASE WHEN v_item.quantity IS NULL THEN NULL ELSE 0 END, 0, p_reference, p_actor, p_at);
    RETURN v_row;
  END IF;
  IF p_quantity <= 0 OR p_quantity <> trunc(p_quantity, (v_asset->>'decimals')::int) THEN
    PERFORM ledger_refuse('QUANTITY_INVALID', jsonb_build_object('symbol', v_item.asset_symbol));
  END IF;
  IF p_quantity > v_item.quantity THEN
    PERFORM ledger_refuse('INSUFFICIENT_HOLDING', jsonb_build_object('symbol', v_item.asset_symbol,
      'wanted', p_quantity::text, 'held', v_item.quantity::text, 'action', p_action));
  END IF;
  v_price := ledger_price(v_item.asset_symbol, 'sell');
  PERFORM ledger_move_position(p_user, v_item.asset_symbol, -p_quantity, v_price, p_kind,
    p_reference, p_actor, p_at, NULL, NULL);
  INSERT INTO valuables (user_id, item_name, item_type, estimated_value, description,
    storage_location, asset_symbol, quantity, unit, status, date_stored, created_at, updated_at)
  VALUES (p_user, v_item.item_name, v_item.item_type, round(p_quantity * v_price, 8), v_item.description,
    v_item.storage_location, v_item.asset_symbol, p_quantity, v_item.unit, p_status,
    v_item.date_stored, p_at, p_at)
  RETURNING * INTO v_row;
  PERFORM ledger_journal(p_user, v_row.id, v_row.asset_symbol, v_row.item_name, p_kind, p_quantity,
    v_row.estimated_value, p_reference, p_actor, p_at);
  RETURN v_row;
END;
$$;
