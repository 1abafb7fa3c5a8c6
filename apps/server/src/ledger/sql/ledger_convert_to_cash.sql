-- Completing asset to cash: p_amount of the customer's unlocked holdings, largest value first
-- (SPEC §9; valued now, at the book: prices_value), become p_amount of cash. A listed position gives up the quantity worth at least
-- what is left (rounded up to its quantity step), a custody item its value, whole or in part;
-- an emptied holding leaves the vault. The sub-cent difference goes to rounding. The trading
-- book takes the holdings and pays the cash (decision 021). Returns null,
-- or the reason (a locale key) when the holdings no longer cover the amount, moving nothing.
CREATE OR REPLACE FUNCTION ledger_convert_to_cash(
  p_user uuid, p_amount numeric, p_reference text, p_actor uuid, p_at timestamptz, p_assets jsonb
) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  v_item valuables;
  v_asset jsonb;
  v_available numeric;
  v_remaining numeric := p_amount;
  v_taken numeric := 0;
  v_scale numeric;
  v_quantity numeric;
  v_value numeric;
  v_price numeric;
BEGIN
  PERFORM 1 FROM valuables WHERE user_id = p_user AND asset_symbol = 'USD' AND status = 'active'
  FOR UPDATE;
  PERFORM 1 FROM valuables
  WHERE user_id = p_user AND status = 'active' AND asset_symbol IS DISTINCT FROM 'USD'
    AND estimated_value > 0
  ORDER BY asset_symbol NULLS LAST, id
  FOR UPDATE;
  -- A listed position is worth its quantity at the book's price, a custody item its estimate.
  SELECT coalesce(sum(prices_value(asset_symbol, quantity, estimated_value)), 0)
    INTO v_available FROM valuables
  WHERE user_id = p_user AND status = 'active' AND asset_symbol IS DISTINCT FROM 'USD'
    AND estimated_value > 0;
  IF v_available < p_amount THEN
    RETURN 'transfers:reasons.notCovered';
  END IF;
  FOR v_item IN
    SELECT * FROM valuables
    WHERE user_id = p_user AND status = 'active' AND asset_symbol IS DISTINCT FROM 'USD'
      AND estimated_value > 0
    ORDER BY prices_value(asset_symbol, quantity, estimated_value) DESC, id
  LOOP
    EXIT WHEN v_remaining <= 0;
    v_asset := p_assets -> v_item.asset_symbol;
    IF v_asset IS NOT NULL THEN
      v_price := ledger_price(v_item.asset_symbol, 'sell');
      IF round(v_item.quantity * v_price, 8) <= v_remaining THEN
        v_quantity := v_item.quantity;
      ELSE
        v_scale := power(10::numeric, (v_asset->>'decimals')::int);
        v_quantity := least(v_item.quantity,
          ceil(v_remaining / v_price * v_scale) / v_scale);
      END IF;
      v_value := round(v_quantity * v_price, 8);
      PERFORM ledger_move_position(p_user, v_item.asset_symbol, -v_quantity,
        v_price, 'asset_to_cash', p_reference, p_actor, p_at, NULL, 'trading_book');
    ELSE
      v_value := least(v_item.estimated_value, v_remaining);
      PERFORM ledger_journal(p_user, v_item.id, v_item.asset_symbol, v_item.item_name,
        'asset_to_cash', NULL, -v_value, p_reference, p_actor, p_at);
      PERFORM ledger_post('trading_book', v_item.asset_symbol, 'asset_to_cash', NULL, v_value,
        p_reference, p_at);
      IF v_value = v_item.estimated_value THEN
        DELETE FROM valuables WHERE id = v_item.id;
      ELSE
        UPDATE valuables SET estimated_value = estimated_value - v_value, updated_at = p_at
        WHERE id = v_item.id;
      END IF;
    END IF;
    v_remaining := v_remaining - v_value;
    v_taken := v_taken + v_value;
  END LOOP;
  PERFORM ledger_move_cash(p_user, p_amount, 'asset_to_cash', p_reference, p_actor, p_at, 'trading_book');
  PERFORM ledger_round(v_taken - p_amount, p_reference, p_at);
  RETURN NULL;
END;
$$;
