-- Staff change a customer's custody item (SPEC §5, DESIGN §2), once another staff member has
-- approved it (decision 018): add one (p_valuable null), edit one (p_item the new fields: name,
-- type, estimated value, description, storage location) or remove a holding (p_item null; a
-- traded position too, with its whole quantity). The journal row carries the value moved (and
-- the quantity removed), the audit row p_audit_details with the valuable's id (and, for an edit,
-- its fields before and after), and the customer's pages are told. Only an active holding other than cash changes here (cash: ledger_staff_cash);
-- a traded position's value follows its quantity at listed prices, so it is only removed.
-- Returns the valuable as it is after (no row once removed). A custody item's value comes in and
-- goes out through the platform's custody intake account (decision 021).
CREATE OR REPLACE FUNCTION ledger_staff_item(
  p_user uuid, p_actor uuid, p_at timestamptz, p_valuable uuid, p_item jsonb,
  p_audit_action text, p_audit_details jsonb, p_ip text
) RETURNS SETOF valuables
LANGUAGE plpgsql AS $$
DECLARE
  v_before valuables;
  v_after valuables;
  v_value numeric := (p_item->>'estimatedValue')::numeric;
  v_details jsonb := p_audit_details;
BEGIN
  IF p_valuable IS NULL THEN
    IF NOT EXISTS (SELECT 1 FROM users WHERE id = p_user) THEN
      PERFORM ledger_refuse('NOT_FOUND', '{"what": "user"}');
    END IF;
    INSERT INTO valuables (user_id, item_name, item_type, estimated_value, description,
      storage_location, status, date_stored, created_at, updated_at)
    VALUES (p_user, p_item->>'itemName', p_item->>'itemType', v_value, p_item->>'description',
      p_item->>'storageLocation', 'active', p_at, p_at, p_at)
    RETURNING * INTO v_after;
    PERFORM ledger_journal(p_user, v_after.id, NULL, v_after.item_name, 'admin_add', NULL,
      coalesce(v_value, 0), NULL, p_actor, p_at);
    PERFORM ledger_post('custody_intake', NULL, 'admin_add', NULL, -coalesce(v_value, 0), NULL, p_at);
  ELSE
    SELECT * INTO v_before FROM valuables WHERE id = p_valuable AND user_id = p_user FOR UPDATE;
    IF NOT FOUND THEN
      PERFORM ledger_refuse('NOT_FOUND', '{}');
    END IF;
    IF v_before.status <> 'active' OR v_before.asset_symbol = 'USD' THEN
      PERFORM ledger_refuse('ASSET_UNAVAILABLE', '{"action": "change"}');
    END IF;
    IF p_item IS NULL THEN
      PERFORM ledger_journal(p_user, p_valuable, v_before.asset_symbol, v_before.item_name,
        'admin_delete', -v_before.quantity, -coalesce(v_before.estimated_value, 0), NULL, p_actor,
        p_at);
      -- A custody item goes back out through the intake; a traded position to the world.
      PERFORM ledger_post(CASE WHEN v_before.asset_symbol IS NULL THEN 'custody_intake' ELSE 'world' END,
        v_before.asset_symbol, 'admin_delete', v_before.quantity, coalesce(v_before.estimated_value, 0),
        NULL, p_at);
      DELETE FROM valuables WHERE id = p_valuable;
    ELSE
      IF v_before.asset_symbol IS NOT NULL OR v_before.quantity IS NOT NULL THEN
        PERFORM ledger_refuse('UNPROCESSABLE', '{"what": "traded"}');
      END IF;
      UPDATE valuables SET item_name = p_item->>'itemName', item_type = p_item->>'itemType',
        estimated_value = v_value, description = p_item->>'description',
        storage_location = p_item->>'storageLocation', updated_at = p_at
      WHERE id = p_valuable
      RETURNING * INTO v_after;
      PERFORM ledger_journal(p_user, p_valuable, NULL, v_after.item_name, 'admin_edit', NULL,
        coalesce(v_value, 0) - coalesce(v_before.estimated_value, 0), NULL, p_actor, p_at);
      PERFORM ledger_post('custody_intake', NULL, 'admin_edit', NULL,
        coalesce(v_before.estimated_value, 0) - coalesce(v_value, 0), NULL, p_at);
      v_details := v_details || jsonb_build_object(
        'before', valuable_snapshot(v_before), 'after', valuable_snapshot(v_after));
    END IF;
  END IF;
  INSERT INTO audit_log (action, actor_id, subject_user_id, ip, details, created_at)
  VALUES (p_audit_action, p_actor, p_user, p_ip,
    v_details || jsonb_build_object('valuableId', coalesce(v_after.id, p_valuable)), p_at);
  PERFORM ledger_notify(p_user, 'valuables');
  IF v_after.id IS NOT NULL THEN
    RETURN NEXT v_after;
  END IF;
END;
$$;
