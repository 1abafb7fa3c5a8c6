-- A limit order as the API answers it (shared/orders.ts limitOrderSchema): decimals as the ledger
-- keeps them, less trailing zeros; a buy's reservation and fill in whole cents.
CREATE OR REPLACE FUNCTION limit_order_json(p_order limit_orders) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object(
    'id', p_order.id,
    'symbol', p_order.symbol,
    'side', p_order.side,
    'quantity', trim_scale(p_order.quantity)::text,
    'limitPrice', trim_scale(p_order.limit_price)::text,
    'reserved', CASE WHEN p_order.side = 'buy' THEN round(p_order.reserved, 2)::text
      ELSE trim_scale(p_order.reserved)::text END,
    'status', p_order.status,
    'expiresAt', custody_time(p_order.expires_at),
    'createdAt', custody_time(p_order.created_at),
    'closedAt', custody_time(p_order.closed_at),
    'fillPrice', trim_scale(p_order.fill_price)::text,
    'fillTotal', round(p_order.fill_total, 2)::text
  );
$$;
