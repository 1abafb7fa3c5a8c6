-- One fixed term as its customer sees it.
CREATE OR REPLACE FUNCTION fixed_term_json(t fixed_terms) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', t.id, 'valuableId', t.valuable_id, 'itemName', t.item_name, 'assetSymbol', t.asset_symbol,
    'quantity', t.quantity::text, 'unit', t.unit, 'months', t.months,
    'interestRate', to_char(t.interest_rate, 'FM0.00'), 'principal', t.principal::text, 'profit', t.profit::text,
    'status', t.status, 'startedAt', custody_time(t.started_at), 'maturesAt', custody_time(t.matures_at),
    'maturedAt', custody_time(t.matured_at));
$$;
