-- One posting on a platform account (decision 021): the other side of a customer's movement,
-- stated by the function that moves it. A posting that moves nothing is not written.
CREATE OR REPLACE FUNCTION ledger_post(
  p_account text, p_symbol text, p_kind text, p_quantity numeric, p_value numeric,
  p_reference text, p_at timestamptz
) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO ledger_entries (account, asset_symbol, kind, quantity_delta, value_delta, reference, created_at)
  SELECT p_account, p_symbol, p_kind, p_quantity, p_value, p_reference, p_at
  WHERE coalesce(p_quantity, 0) <> 0 OR p_value <> 0;
$$;
