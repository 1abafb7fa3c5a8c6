-- A swap (DESIGN §2, §5): p_from_quantity of p_from out at its sell price, p_to_quantity of p_to
-- in at its buy price (both the book's now, decision 028), p_cash (whole cents, possibly zero)
-- back to cash; the rest is rounding. The trading book takes the other side of each (021).
CREATE OR REPLACE FUNCTION ledger_swap(
  p_user uuid, p_actor uuid, p_at timestamptz, p_key text, p_hash text,
  p_from text, p_from_quantity numeric, p_from_price numeric,
  p_to text, p_to_quantity numeric, p_to_price numeric, p_cash numeric,
  p_new jsonb, p_reference text, p_answer jsonb
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_replay jsonb;
  v_cash numeric;
BEGIN
  v_replay := ledger_claim_key(p_user, p_key, p_hash, p_at);
  IF v_replay IS NOT NULL THEN
    RETURN v_replay;
  END IF;
  PERFORM ledger_priced_at(p_from, 'sell', p_from_price, p_at);
  PERFORM ledger_priced_at(p_to, 'buy', p_to_price, p_at);
  IF p_cash > 0 THEN
    v_cash := ledger_move_cash(p_user, p_cash, 'swap_cash', p_reference, p_actor, p_at, 'trading_book');
  ELSE
    SELECT estimated_value INTO v_cash FROM valuables
    WHERE user_id = p_user AND asset_symbol = 'USD' AND status = 'active';
  END IF;
  IF p_from < p_to THEN
    PERFORM ledger_move_position(p_user, p_from, -p_from_quantity, p_from_price, 'swap_out', p_reference, p_actor, p_at, NULL, 'trading_book');
    PERFORM ledger_move_position(p_user, p_to, p_to_quantity, p_to_price, 'swap_in', p_reference, p_actor, p_at, p_new, 'trading_book');
  ELSE
    PERFORM ledger_move_position(p_user, p_to, p_to_quantity, p_to_price, 'swap_in', p_reference, p_actor, p_at, p_new, 'trading_book');
    PERFORM ledger_move_position(p_user, p_from, -p_from_quantity, p_from_price, 'swap_out', p_reference, p_actor, p_at, NULL, 'trading_book');
  END IF;
  PERFORM ledger_round(
    round(p_from_quantity * p_from_price, 8) - round(p_to_quantity * p_to_price, 8) - p_cash,
    p_reference, p_at);
  RETURN ledger_answer(p_user, p_key, 201,
    p_answer || jsonb_build_object('cashBalance', round(coalesce(v_cash, 0), 8)::text),
    'valuables');
END;
$$;
