-- What a posting moves in its asset's own unit (decision 021): the quantity of a listed asset,
-- dollars of cash, and the value of a custody item (no symbol). Movements balance in it.
CREATE OR REPLACE FUNCTION ledger_amount(p_symbol text, p_quantity numeric, p_value numeric)
RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_symbol IS NULL OR p_symbol = 'USD' THEN p_value ELSE coalesce(p_quantity, 0) END;
$$;
