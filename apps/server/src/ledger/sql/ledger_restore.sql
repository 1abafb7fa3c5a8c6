-- Brings a set-aside holding (locked or in delivery) back: a listed position joins its asset's
-- active position when there is one, else the holding becomes active in place. A buy opening
-- that position at the same moment makes the in-place change fail on the one-active-position
-- index; then it joins the new position instead. Returns the active holding's id.
CREATE OR REPLACE FUNCTION ledger_restore(
  p_row valuables, p_kind text, p_reference text, p_actor uuid, p_at timestamptz, p_assets jsonb
) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  v_asset jsonb := p_assets -> p_row.asset_symbol;
BEGIN
  IF v_asset IS NULL OR NOT EXISTS (SELECT 1 FROM valuables WHERE user_id = p_row.user_id
      AND asset_symbol = p_row.asset_symbol AND status = 'active') THEN
    BEGIN
      UPDATE valuables SET status = 'active', updated_at = p_at WHERE id = p_row.id;
      PERFORM ledger_journal(p_row.user_id, p_row.id, p_row.asset_symbol, p_row.item_name, p_kind,
        CASE WHEN p_row.quantity IS NULL THEN NULL ELSE 0 END, 0, p_reference, p_actor, p_at);
      RETURN p_row.id;
    EXCEPTION WHEN unique_violation THEN
      NULL; -- joined below
    END;
  END IF;
  PERFORM ledger_journal(p_row.user_id, p_row.id, p_row.asset_symbol, p_row.item_name, p_kind,
    -p_row.quantity, -p_row.estimated_value, p_reference, p_actor, p_at);
  DELETE FROM valuables WHERE id = p_row.id;
  PERFORM ledger_move_position(p_row.user_id, p_row.asset_symbol, p_row.quantity,
    ledger_price(p_row.asset_symbol, 'sell'), p_kind, p_reference, p_actor, p_at, NULL, NULL);
  RETURN (SELECT id FROM valuables WHERE user_id = p_row.user_id
    AND asset_symbol = p_row.asset_symbol AND status = 'active');
END;
$$;
