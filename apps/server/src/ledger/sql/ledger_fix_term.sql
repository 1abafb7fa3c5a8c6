-- Fixes a holding for p_months at p_rate: locked (a part of a position split off), the term
-- recorded with its profit in whole cents (rounded down) and its maturity in calendar months in
-- UTC (PostgreSQL's month arithmetic keeps 31 January + 1 month at the end of February), and
-- the maturity job queued under the request that fixed it (p_request, request-context.ts).
CREATE OR REPLACE FUNCTION ledger_fix_term(
  p_user uuid, p_actor uuid, p_at timestamptz, p_key text, p_hash text,
  p_id uuid, p_valuable uuid, p_quantity numeric, p_months integer, p_rate numeric,
  p_language text, p_assets jsonb, p_request text
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_replay jsonb;
  v_row valuables;
  v_term fixed_terms;
BEGIN
  v_replay := ledger_claim_key(p_user, p_key, p_hash, p_at);
  IF v_replay IS NOT NULL THEN
    RETURN v_replay;
  END IF;
  -- Cash first: with a quantity, setting it aside would refuse it as a custody item ("moves
  -- whole") instead of saying that cash is never fixed.
  IF EXISTS (SELECT 1 FROM valuables WHERE id = p_valuable AND user_id = p_user
      AND asset_symbol = 'USD' AND status = 'active') THEN
    PERFORM ledger_refuse('ASSET_UNAVAILABLE', '{"status": "cash", "action": "fix"}');
  END IF;
  v_row := ledger_set_aside(p_user, p_valuable, p_quantity, 'locked', 'fixed_term_start', 'fix',
    p_id::text, p_actor, p_at, p_assets);
  IF coalesce(v_row.estimated_value, 0) <= 0 THEN
    PERFORM ledger_refuse('ASSET_UNAVAILABLE', jsonb_build_object(
      'symbol', coalesce(v_row.asset_symbol, v_row.item_name), 'status', 'no_value', 'action', 'fix'));
  END IF;
  INSERT INTO fixed_terms (id, user_id, valuable_id, item_name, asset_symbol, quantity, unit,
    months, interest_rate, principal, profit, status, language, started_at, matures_at)
  VALUES (p_id, p_user, v_row.id, v_row.item_name, v_row.asset_symbol, v_row.quantity, v_row.unit,
    p_months, p_rate, v_row.estimated_value, trunc(v_row.estimated_value * p_rate, 2), 'active',
    p_language, p_at,
    ((p_at AT TIME ZONE 'UTC') + make_interval(months => p_months)) AT TIME ZONE 'UTC')
  RETURNING * INTO v_term;
  INSERT INTO jobs (kind, payload, run_at, created_at, request_id)
  VALUES ('fixed_term_maturity', jsonb_build_object('termId', p_id), v_term.matures_at, p_at,
    p_request);
  RETURN ledger_answer(p_user, p_key, 201, fixed_term_json(v_term), 'valuables');
END;
$$;
