-- The book's price of an asset now (decision 028): what a buyer pays (p_side 'buy') or what a
-- seller receives, which is also what a holding is valued at ('sell'). The book is the latest row
-- written for the symbol. Every movement that values a position prices it here, inside its own
-- statement, so no movement uses a price the book no longer holds.
CREATE OR REPLACE FUNCTION ledger_price(p_symbol text, p_side text) RETURNS numeric
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_price numeric;
BEGIN
  SELECT CASE WHEN p_side = 'buy' THEN buy ELSE sell END INTO v_price
  FROM asset_prices WHERE symbol = p_symbol ORDER BY id DESC LIMIT 1;
  IF v_price IS NULL THEN
    RAISE EXCEPTION 'the price book has no price for %', p_symbol USING ERRCODE = 'no_data_found';
  END IF;
  RETURN v_price;
END;
$$;
