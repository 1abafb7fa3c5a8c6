-- One posting on a customer's holding. The platform's side of a movement is ledger_post's
-- (decision 021). The journal is append-only (ledger_entries_append_only).
CREATE OR REPLACE FUNCTION ledger_journal(
  p_user uuid, p_valuable uuid, p_symbol text, p_item text, p_kind text,
  p_quantity numeric, p_value numeric, p_reference text, p_actor uuid, p_at timestamptz,
  p_note text DEFAULT NULL
) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO ledger_entries
    (user_id, valuable_id, asset_symbol, item_name, kind, quantity_delta, value_delta, reference, actor_id, created_at, note)
  VALUES (p_user, p_valuable, p_symbol, p_item, p_kind, p_quantity, p_value, p_reference, p_actor, p_at, p_note);
$$;
