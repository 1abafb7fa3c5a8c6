-- Fills the open limit orders of p_symbol that the book now crosses (decision 031): a buy whose
-- limit is at or above the book's buy price, a sell whose limit is at or below its sell price,
-- each at the book's price (the limit or better), whole, oldest first, at most p_max. Each fill is
-- a movement of its own: the reserved row goes, the trading book takes the other side as in a
-- trade (ledger_trade), a buy's unused cash returns to the cash position, the sub-cents go to the
-- rounding account, and the customer is told (notify_customer, in the order's language). Orders
-- another transaction holds are skipped (SKIP LOCKED), and one filled or cancelled meanwhile no
-- longer matches once locked, so an order fills once however many processes tick. An asset whose
-- price is stale fills nothing (decision 029); an order past its expiry waits for
-- ledger_close_order. Returns how many filled.
CREATE OR REPLACE FUNCTION ledger_fill_orders(
  p_symbol text, p_at timestamptz, p_max integer, p_assets jsonb, p_app_url text, p_request text
) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_buy numeric;
  v_sell numeric;
  v_order limit_orders;
  v_row valuables;
  v_price numeric;
  v_value numeric;
  v_total numeric;
  v_reference text;
  v_filled integer := 0;
BEGIN
  IF prices_halted(p_symbol, p_at) THEN
    RETURN 0;
  END IF;
  v_buy := ledger_price(p_symbol, 'buy');
  v_sell := ledger_price(p_symbol, 'sell');
  FOR v_order IN
    SELECT * FROM limit_orders
    WHERE symbol = p_symbol AND status = 'open' AND (expires_at IS NULL OR expires_at > p_at)
      AND ((side = 'buy' AND limit_price >= v_buy) OR (side = 'sell' AND limit_price <= v_sell))
    ORDER BY created_at, id
    LIMIT p_max
    FOR UPDATE SKIP LOCKED
  LOOP
    -- A movement of its own: its postings balance, and history and performance read it alone.
    PERFORM set_config('sv.movement', '', true);
    v_reference := v_order.id::text;
    SELECT * INTO STRICT v_row FROM valuables WHERE id = v_order.reservation_id FOR UPDATE;
    IF v_order.side = 'buy' THEN
      v_price := v_buy;
      v_value := round(v_order.quantity * v_price, 8);
      v_total := ceil(v_value * 100) / 100;
      PERFORM ledger_journal(v_order.user_id, v_row.id, 'USD', v_row.item_name, 'buy', NULL,
        -v_row.estimated_value, v_reference, NULL, p_at);
      DELETE FROM valuables WHERE id = v_row.id;
      IF v_row.estimated_value > v_total THEN
        -- A purchase's row like the others, so history counts the fill as one purchase.
        PERFORM ledger_move_cash(v_order.user_id, v_row.estimated_value - v_total, 'buy',
          v_reference, NULL, p_at, NULL);
      END IF;
      PERFORM ledger_post('trading_book', 'USD', 'buy', NULL, v_total, v_reference, p_at);
      PERFORM ledger_move_position(v_order.user_id, p_symbol, v_order.quantity, v_price, 'buy',
        v_reference, NULL, p_at, p_assets -> p_symbol -> 'new', 'trading_book');
      PERFORM ledger_round(v_total - v_value, v_reference, p_at);
    ELSE
      v_price := v_sell;
      v_value := round(v_order.quantity * v_price, 8);
      v_total := floor(v_value * 100) / 100;
      PERFORM ledger_journal(v_order.user_id, v_row.id, p_symbol, v_row.item_name, 'sell',
        -v_row.quantity, -v_row.estimated_value, v_reference, NULL, p_at);
      DELETE FROM valuables WHERE id = v_row.id;
      PERFORM ledger_post('trading_book', p_symbol, 'sell', v_order.quantity, v_value, v_reference, p_at);
      PERFORM ledger_move_cash(v_order.user_id, v_total, 'sell', v_reference, NULL, p_at, 'trading_book');
      PERFORM ledger_round(v_value - v_total, v_reference, p_at);
    END IF;
    UPDATE limit_orders SET status = 'filled', closed_at = p_at, fill_price = v_price,
      fill_total = v_total, reservation_id = NULL
    WHERE id = v_order.id;
    PERFORM notify_customer(v_order.user_id, 'order_closed', jsonb_build_object(
      'language', v_order.language, 'appUrl', p_app_url, 'symbol', p_symbol,
      'side', v_order.side, 'quantity', trim_scale(v_order.quantity)::text,
      'limitPrice', trim_scale(v_order.limit_price)::text, 'outcome', 'filled',
      'price', trim_scale(v_price)::text, 'total', round(v_total, 2)::text), p_at, p_request);
    PERFORM ledger_notify(v_order.user_id, 'valuables');
    v_filled := v_filled + 1;
  END LOOP;
  RETURN v_filled;
END;
$$;
