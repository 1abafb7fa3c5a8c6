-- A term at maturity, once: the profit credited as cash, the holding unlocked, the term
-- matured — under the term's row lock, so a second runner (or a retry after a crash) finds it
-- matured and does nothing. The customer's email is queued with it, in the language they fixed
-- it in, under the request that fixed it (p_request). Returns the term, or null when it is not
-- due or already matured.
CREATE OR REPLACE FUNCTION ledger_mature_term(
  p_id uuid, p_at timestamptz, p_assets jsonb, p_request text
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_term fixed_terms;
  v_row valuables;
BEGIN
  SELECT * INTO v_term FROM fixed_terms WHERE id = p_id FOR UPDATE;
  IF NOT FOUND OR v_term.status <> 'active' OR v_term.matures_at > p_at THEN
    RETURN NULL;
  END IF;
  IF v_term.profit > 0 THEN
    PERFORM ledger_move_cash(v_term.user_id, v_term.profit, 'fixed_term_profit', p_id::text, NULL, p_at, 'interest');
  END IF;
  SELECT * INTO v_row FROM valuables WHERE id = v_term.valuable_id FOR UPDATE;
  IF FOUND AND v_row.status = 'locked' THEN
    PERFORM ledger_restore(v_row, 'fixed_term_end', p_id::text, NULL, p_at, p_assets);
  END IF;
  UPDATE fixed_terms SET status = 'matured', matured_at = p_at WHERE id = p_id RETURNING * INTO v_term;
  PERFORM ledger_notify(v_term.user_id, 'valuables');
  PERFORM notify_customer(v_term.user_id, 'fixed_term_matured', jsonb_build_object(
      'language', v_term.language, 'term', fixed_term_json(v_term)), p_at, p_request);
  RETURN fixed_term_json(v_term);
END;
$$;
