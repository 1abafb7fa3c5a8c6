-- The opening book (decision 028): each listed asset's SPEC §9 price, buy and sell alike, written
-- once. p_book is [{symbol, price}] from the catalogue, the prices' one source. Processes starting
-- together both ask; the unique opening index lets one row per symbol in. Returns how many opened.
CREATE OR REPLACE FUNCTION prices_open_book(p_book jsonb) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_opened integer;
BEGIN
  INSERT INTO asset_prices (symbol, buy, sell, effective_at, source)
  SELECT entry->>'symbol', (entry->>'price')::numeric, (entry->>'price')::numeric, now(), 'opening'
  FROM jsonb_array_elements(p_book) AS entry
  ON CONFLICT (symbol) WHERE source = 'opening' DO NOTHING;
  GET DIAGNOSTICS v_opened = ROW_COUNT;
  RETURN v_opened;
END;
$$;
