-- Tells every server process the book changed (decision 028), once the insert commits: each
-- forgets the book it keeps for quoting (prices/quote-book.ts) and reads it again when next asked.
CREATE OR REPLACE FUNCTION asset_prices_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('asset_prices', '');
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS asset_prices_changed ON asset_prices;
CREATE TRIGGER asset_prices_changed AFTER INSERT ON asset_prices
  FOR EACH STATEMENT EXECUTE FUNCTION asset_prices_changed()
