-- A book balance approved (decision 018): the amount one staff member recorded (p_maker) and
-- another approves (p_checker) is credited to the customer's cash (journal kind book_balance,
-- named "Book balance"), the pending amount on the profile is cleared, the approval audited and
-- the customer's pages told. Refused with CONFLICT when the pending book balance is no longer the
-- one proposed (replaced or cleared meanwhile). Returns the new cash balance.
CREATE OR REPLACE FUNCTION ledger_book_balance(
  p_user uuid, p_maker uuid, p_checker uuid, p_amount numeric, p_proposal uuid,
  p_at timestamptz, p_ip text
) RETURNS numeric
LANGUAGE plpgsql AS $$
DECLARE
  v_profile profiles;
  v_balance numeric;
BEGIN
  SELECT * INTO v_profile FROM profiles WHERE user_id = p_user FOR UPDATE;
  IF NOT FOUND OR v_profile.book_balance_recorded_by IS DISTINCT FROM p_maker
    OR v_profile.book_balance <> p_amount THEN
    PERFORM ledger_refuse('CONFLICT', '{"what": "book_balance"}');
  END IF;
  v_balance := ledger_move_cash(p_user, p_amount, 'book_balance', NULL, p_checker, p_at,
    'world', 'Book balance');
  UPDATE profiles SET book_balance = 0, book_balance_recorded_by = NULL,
    book_balance_recorded_at = NULL, updated_at = p_at
  WHERE user_id = p_user;
  INSERT INTO audit_log (action, actor_id, subject_user_id, ip, details, created_at)
  VALUES ('admin.book_balance_approved', p_checker, p_user, p_ip, jsonb_build_object(
    'amount', p_amount::text, 'recordedBy', p_maker, 'proposalId', p_proposal), p_at);
  PERFORM ledger_notify(p_user, 'profile');
  PERFORM ledger_notify(p_user, 'valuables');
  RETURN v_balance;
END;
$$;
