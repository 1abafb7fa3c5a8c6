-- What a holding is worth now (decision 028): a listed asset's quantity at the book's sell price,
-- rounded as a movement values it, or — for what the book does not price, the cash balance or a
-- custody item's estimate — what is stored. A position's stored value is what its last movement
-- valued it at, which the journal keeps; every read that shows a value asks here, so no screen
-- shows a holding at a price the book no longer holds. One index lookup per listed holding.
CREATE OR REPLACE FUNCTION prices_value(p_symbol text, p_quantity numeric, p_stored numeric)
RETURNS numeric
LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT round(p_quantity * a.sell, 8) FROM asset_prices a
      WHERE a.symbol = p_symbol AND p_quantity IS NOT NULL
      ORDER BY a.id DESC LIMIT 1),
    p_stored)
$$;
