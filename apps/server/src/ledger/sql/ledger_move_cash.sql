-- Adds p_delta (negative to debit, whole cents) to the user's one cash position, creating it
-- when a credit finds none, and journals it with the row's item name and note (staff cash credits
-- pass theirs: "Wire of 12 November"). Returns the new balance. A debit past zero is refused with
-- INSUFFICIENT_CASH and the figures for SPEC §8's message.
-- p_counter names the platform account on the other side (decision 021: trading_book, world,
-- interest), posted with the opposite amount; null when the other side is another customer's
-- holding, which the caller moves itself. It has no default: every caller says which.
CREATE OR REPLACE FUNCTION ledger_move_cash(
  p_user uuid, p_delta numeric, p_kind text, p_reference text, p_actor uuid, p_at timestamptz,
  p_counter text, p_item text DEFAULT 'Cash', p_note text DEFAULT NULL
) RETURNS numeric
LANGUAGE plpgsql AS $$
DECLARE
  v_id uuid;
  v_balance numeric;
BEGIN
  IF p_delta <> trunc(p_delta, 2) THEN
    RAISE EXCEPTION 'cash moves in whole cents, not %', p_delta;
  END IF;
  LOOP
    UPDATE valuables SET estimated_value = estimated_value + p_delta, updated_at = p_at
    WHERE user_id = p_user AND asset_symbol = 'USD' AND status = 'active'
      AND estimated_value + p_delta >= 0
    RETURNING id, estimated_value INTO v_id, v_balance;
    EXIT WHEN FOUND;
    SELECT estimated_value INTO v_balance FROM valuables
    WHERE user_id = p_user AND asset_symbol = 'USD' AND status = 'active';
    IF FOUND OR p_delta < 0 THEN
      PERFORM ledger_refuse('INSUFFICIENT_CASH', jsonb_build_object(
        'needed', (-p_delta)::text, 'balance', coalesce(v_balance, 0)::text));
    END IF;
    INSERT INTO valuables (user_id, item_name, item_type, estimated_value, storage_location,
      asset_symbol, status, date_stored, created_at, updated_at)
    VALUES (p_user, 'Cash', 'cash', p_delta, 'Account', 'USD', 'active', p_at, p_at, p_at)
    ON CONFLICT DO NOTHING
    RETURNING id, estimated_value INTO v_id, v_balance;
    EXIT WHEN FOUND;
  END LOOP;
  PERFORM ledger_journal(p_user, v_id, 'USD', coalesce(p_item, 'Cash'), p_kind, NULL, p_delta,
    p_reference, p_actor, p_at, p_note);
  IF p_counter IS NOT NULL THEN
    PERFORM ledger_post(p_counter, 'USD', p_kind, NULL, -p_delta, p_reference, p_at);
  END IF;
  RETURN v_balance;
END;
$$;
