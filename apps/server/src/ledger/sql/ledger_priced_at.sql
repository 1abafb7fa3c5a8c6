-- Refuses a trade priced at anything but the book's price now on its side (decision 028): the
-- server read the book before the statement, and a price written since then is the one a fill
-- must use. The refusal carries the new price, which the order screen offers. Before that, an
-- asset whose feed price is stale at p_at, the order's time, is halted (decision 029).
CREATE OR REPLACE FUNCTION ledger_priced_at(p_symbol text, p_side text, p_price numeric, p_at timestamptz)
RETURNS void
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_book numeric;
BEGIN
  IF prices_halted(p_symbol, p_at) THEN
    PERFORM ledger_refuse('PRICE_STALE', jsonb_build_object('symbol', p_symbol));
  END IF;
  v_book := ledger_price(p_symbol, p_side);
  IF v_book <> p_price THEN
    PERFORM ledger_refuse('PRICE_CHANGED',
      jsonb_build_object('symbol', p_symbol, 'price', v_book::text, 'side', p_side));
  END IF;
END;
$$;
