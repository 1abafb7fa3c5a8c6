-- The sub-cent difference between the cash and the value a movement moved goes to the
-- platform's rounding account (positive: the platform gained), so value is conserved.
CREATE OR REPLACE FUNCTION ledger_round(p_amount numeric, p_reference text, p_at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_amount <> 0 THEN
    PERFORM ledger_journal(NULL, NULL, 'USD', NULL, 'rounding', NULL, p_amount, p_reference, NULL, p_at);
  END IF;
END;
$$;
