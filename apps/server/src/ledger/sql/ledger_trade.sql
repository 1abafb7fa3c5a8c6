-- A buy or a sell at the book's price on its side (DESIGN §2, decision 028). p_cash is what the
-- customer pays or receives, in whole cents; the position moves by p_quantity at p_price; the
-- difference is rounding.
-- p_answer is the answer without the balances, which are filled in here. The trading book takes
-- the other side of both (decision 021).
CREATE OR REPLACE FUNCTION ledger_trade(
  p_user uuid, p_actor uuid, p_at timestamptz, p_key text, p_hash text,
  p_side text, p_symbol text, p_quantity numeric, p_price numeric, p_cash numeric,
  p_new jsonb, p_reference text, p_answer jsonb
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_replay jsonb;
  v_cash numeric;
  v_held numeric;
BEGIN
  v_replay := ledger_claim_key(p_user, p_key, p_hash, p_at);
  IF v_replay IS NOT NULL THEN
    RETURN v_replay;
  END IF;
  PERFORM ledger_priced_at(p_symbol, p_side, p_price, p_at);
  IF p_side = 'buy' THEN
    v_cash := ledger_move_cash(p_user, -p_cash, 'buy', p_reference, p_actor, p_at, 'trading_book');
    v_held := ledger_move_position(p_user, p_symbol, p_quantity, p_price, 'buy', p_reference, p_actor, p_at, p_new, 'trading_book');
    PERFORM ledger_round(p_cash - round(p_quantity * p_price, 8), p_reference, p_at);
  ELSE
    v_cash := ledger_move_cash(p_user, p_cash, 'sell', p_reference, p_actor, p_at, 'trading_book');
    v_held := ledger_move_position(p_user, p_symbol, -p_quantity, p_price, 'sell', p_reference, p_actor, p_at, p_new, 'trading_book');
    PERFORM ledger_round(round(p_quantity * p_price, 8) - p_cash, p_reference, p_at);
  END IF;
  RETURN ledger_answer(p_user, p_key, 201,
    p_answer || jsonb_build_object('cashBalance', round(v_cash, 8)::text, 'holdingQuantity', v_held::text),
    'valuables');
END;
$$;
