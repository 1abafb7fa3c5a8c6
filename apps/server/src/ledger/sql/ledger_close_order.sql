-- Closes an open limit order without a fill (decision 031), releasing what it reserved: a
-- cancellation by its customer (p_user; another customer's order is not found) or its expiry
-- (p_user null, from the job runner, with the customer told in the order's language). A buy's
-- reserved cash returns to the cash position, a sell's quantity to its holding (ledger_restore),
-- both within the customer's vault. An order already filled, cancelled or expired is not open:
-- CONFLICT, with its status. The order's row lock orders this against a fill: whichever locks it
-- first decides, and the other finds it closed.
CREATE OR REPLACE FUNCTION ledger_close_order(
  p_id uuid, p_user uuid, p_status text, p_actor uuid, p_at timestamptz, p_assets jsonb,
  p_app_url text, p_request text
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_order limit_orders;
  v_row valuables;
  v_reference text;
BEGIN
  SELECT * INTO v_order FROM limit_orders
  WHERE id = p_id AND (p_user IS NULL OR user_id = p_user)
  FOR UPDATE;
  IF NOT FOUND THEN
    PERFORM ledger_refuse('NOT_FOUND', '{"what": "order"}');
  END IF;
  IF v_order.status <> 'open' THEN
    PERFORM ledger_refuse('CONFLICT', jsonb_build_object('what', 'order', 'status', v_order.status));
  END IF;
  v_reference := v_order.id::text;
  SELECT * INTO STRICT v_row FROM valuables WHERE id = v_order.reservation_id FOR UPDATE;
  IF v_order.side = 'buy' THEN
    PERFORM ledger_journal(v_order.user_id, v_row.id, 'USD', v_row.item_name, 'order_release',
      NULL, -v_row.estimated_value, v_reference, p_actor, p_at);
    DELETE FROM valuables WHERE id = v_row.id;
    PERFORM ledger_move_cash(v_order.user_id, v_row.estimated_value, 'order_release', v_reference,
      p_actor, p_at, NULL);
  ELSE
    PERFORM ledger_restore(v_row, 'order_release', v_reference, p_actor, p_at, p_assets);
  END IF;
  UPDATE limit_orders SET status = p_status, closed_at = p_at, reservation_id = NULL
  WHERE id = p_id
  RETURNING * INTO v_order;
  IF p_status = 'expired' THEN
    PERFORM notify_customer(v_order.user_id, 'order_closed', jsonb_build_object(
      'language', v_order.language, 'appUrl', p_app_url, 'symbol', v_order.symbol,
      'side', v_order.side, 'quantity', trim_scale(v_order.quantity)::text,
      'limitPrice', trim_scale(v_order.limit_price)::text, 'outcome', 'expired',
      'price', NULL, 'total', NULL), p_at, p_request);
  END IF;
  PERFORM ledger_notify(v_order.user_id, 'valuables');
  RETURN limit_order_json(v_order);
END;
$$;
