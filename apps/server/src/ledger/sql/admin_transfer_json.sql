-- The same transfer as staff see it (SPEC §3's unified row): who asked, and who received.
CREATE OR REPLACE FUNCTION admin_transfer_json(t transfers) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT transfer_json(t, t.user_id) || jsonb_build_object(
    'userId', t.user_id,
    'userEmail', (SELECT email FROM users WHERE id = t.user_id),
    'userAccountNumber', (SELECT account_number FROM profiles WHERE user_id = t.user_id),
    'counterpartyEmail', (SELECT email FROM users WHERE id = t.counterparty_id),
    'decidedAt', to_char(t.decided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
$$;
