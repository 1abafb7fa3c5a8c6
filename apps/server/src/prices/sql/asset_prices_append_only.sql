-- The price book is its own history (decision 028): a price is added, never changed or removed,
-- so every chart and every valuation of the past reads what the book really said.
CREATE OR REPLACE FUNCTION asset_prices_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'asset_prices is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;

DROP TRIGGER IF EXISTS asset_prices_append_only ON asset_prices;
CREATE TRIGGER asset_prices_append_only BEFORE UPDATE OR DELETE ON asset_prices
  FOR EACH ROW EXECUTE FUNCTION asset_prices_append_only();

DROP TRIGGER IF EXISTS asset_prices_no_truncate ON asset_prices;
CREATE TRIGGER asset_prices_no_truncate BEFORE TRUNCATE ON asset_prices
  FOR EACH STATEMENT EXECUTE FUNCTION asset_prices_append_only()
