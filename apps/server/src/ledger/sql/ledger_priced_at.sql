-- Refuses a trade priced at anything but the book's price now on its side (decision 028): the
-- server read the book before the statement, and a price written since then is the one a fill
-- must use. The refusal carries the new price, which the order screen offers.
CREATE OR REPLACE FUNCTION ledger_priced_at(p_symbol text, p_side text, p_price numeric)
RETURNS void
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_book numeric := ledger_price(p_symbol, p_side);
BEGIN
  IF v_book <> p_price THEN
    PERFORM ledger_refuse('PRICE_CHANGED',
      jsonb_build_object('symbol', p_symbol, 'price', v_book::text, 'side', p_side));
  END IF;
END;
$$;
