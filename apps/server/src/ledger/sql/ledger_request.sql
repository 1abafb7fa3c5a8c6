-- A request (DESIGN §5): a card or bank-transfer deposit, a withdrawal (cash debited at once,
-- to a bank account of the customer's, with approved KYC) or asset to cash (only up to the
-- unlocked holdings' value, at the book now). It is pending; p_extra is added to the answer (a
-- bank deposit's instructions). It records the staff member who made it while signed in as the customer
-- (p_actor), so that no one approves what they made themselves (DESIGN §4 "Dual control").
-- The customer's email that it was received is queued with it, in the language they asked in,
-- under the request that made it (p_request).
CREATE OR REPLACE FUNCTION ledger_request(
  p_user uuid, p_actor uuid, p_at timestamptz, p_key text, p_hash text,
  p_id uuid, p_type text, p_amount numeric, p_reference text, p_details jsonb,
  p_language text, p_extra jsonb, p_request text
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_replay jsonb;
  v_bank bank_accounts;
  v_available numeric;
  v_row transfers;
BEGIN
  v_replay := ledger_claim_key(p_user, p_key, p_hash, p_at);
  IF v_replay IS NOT NULL THEN
    RETURN v_replay;
  END IF;
  IF p_amount <= 0 OR p_amount <> trunc(p_amount, 2) THEN
    RAISE EXCEPTION 'a request is for whole cents above zero, not %', p_amount;
  END IF;
  IF p_type = 'withdrawal' THEN
    PERFORM ledger_require_kyc(p_user);
    -- FOR SHARE: removing this account waits for this request, and then sees it pending.
    SELECT * INTO v_bank FROM bank_accounts
    WHERE id = (p_details->>'bankAccountId')::uuid AND user_id = p_user
    FOR SHARE;
    IF NOT FOUND THEN
      PERFORM ledger_refuse('NOT_FOUND', '{"what": "bank_account"}');
    END IF;
    PERFORM ledger_move_cash(p_user, -p_amount, 'withdrawal', p_reference, p_actor, p_at, 'world');
  ELSIF p_type = 'asset_to_cash' THEN
    SELECT coalesce(sum(prices_value(asset_symbol, quantity, estimated_value)), 0)
    INTO v_available FROM valuables
    WHERE user_id = p_user AND status = 'active' AND asset_symbol IS DISTINCT FROM 'USD'
      AND estimated_value > 0;
    IF v_available < p_amount THEN
      PERFORM ledger_refuse('INSUFFICIENT_ASSETS', jsonb_build_object(
        'wanted', p_amount::text, 'available', v_available::text));
    END IF;
  ELSIF p_type NOT IN ('card_deposit', 'bank_deposit') THEN
    RAISE EXCEPTION 'not a request type: %', p_type;
  END IF;
  INSERT INTO transfers (id, type, user_id, status, amount, reference, bank_account_id,
    bank_name, bank_account_number, card_last_four, card_type, language, actor_id, created_at, updated_at)
  VALUES (p_id, p_type, p_user, 'pending', p_amount, p_reference, v_bank.id, v_bank.bank_name,
    v_bank.account_number, p_details->>'cardLastFour', p_details->>'cardType', p_language, p_actor, p_at, p_at)
  RETURNING * INTO v_row;
  -- A request is new on the customer's list; only a withdrawal has moved cash yet.
  PERFORM ledger_notify(p_user, 'requests');
  PERFORM notify_customer(p_user, 'request_received', jsonb_build_object(
      'language', p_language, 'transfer', transfer_json(v_row, p_user)), p_at, p_request);
  RETURN ledger_answer(p_user, p_key, 201, transfer_json(v_row, p_user) || coalesce(p_extra, '{}'),
    CASE WHEN p_type = 'withdrawal' THEN 'valuables' ELSE 'requests' END);
END;
$$;
