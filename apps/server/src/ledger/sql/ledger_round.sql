-- The sub-cent difference between the cash and the value a movement moved (positive: the
-- platform gained) passes from the trading book, which took or paid the whole cash, to the
-- platform's rounding account (decision 021).
CREATE OR REPLACE FUNCTION ledger_round(p_amount numeric, p_reference text, p_at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_amount <> 0 THEN
    PERFORM ledger_post('rounding', 'USD', 'rounding', NULL, p_amount, p_reference, p_at);
    PERFORM ledger_post('trading_book', 'USD', 'rounding', NULL, -p_amount, p_reference, p_at);
  END IF;
END;
$$;
