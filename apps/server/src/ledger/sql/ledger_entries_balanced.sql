-- Every movement balances (decision 021): at commit, the postings of each movement the
-- transaction wrote sum to zero in every asset (ledger_amount), or the commit is refused. It runs
-- once per movement: the first row's check covers them all, since deferred checks run after the
-- transaction's last statement.
CREATE OR REPLACE FUNCTION ledger_entries_balanced() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_asset text;
  v_left numeric;
BEGIN
  IF current_setting('sv.balanced', true) = NEW.movement::text THEN
    RETURN NULL;
  END IF;
  SELECT asset, total INTO v_asset, v_left FROM (
    SELECT coalesce(asset_symbol, 'custody item') AS asset,
      sum(ledger_amount(p_symbol => asset_symbol, p_quantity => quantity_delta, p_value => value_delta)) AS total
    FROM ledger_entries WHERE movement = NEW.movement
    GROUP BY 1
  ) sums
  WHERE total <> 0
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'movement % does not balance: % % left over', NEW.movement, v_left, v_asset
      USING ERRCODE = 'check_violation';
  END IF;
  PERFORM set_config('sv.balanced', NEW.movement::text, true);
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS ledger_entries_balanced ON ledger_entries;
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entries_balanced();
