-- Staff move a customer's cash (SPEC §5, DESIGN §2): credit ('admin_add'), set to a balance
-- ('admin_edit') or empty and remove the position ('admin_delete'), with the name and note staff
-- gave it on the journal row. The audit row is written in the same statement. Returns the cash
-- position as it is after (no row once deleted).
CREATE OR REPLACE FUNCTION ledger_staff_cash(
  p_user uuid, p_actor uuid, p_at timestamptz, p_kind text, p_amount numeric,
  p_audit_action text, p_audit_details jsonb, p_ip text,
  p_item text DEFAULT NULL, p_note text DEFAULT NULL
) RETURNS SETOF valuables
LANGUAGE plpgsql AS $$
DECLARE
  v_position valuables;
  v_delta numeric;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM users WHERE id = p_user) THEN
    PERFORM ledger_refuse('NOT_FOUND', '{"what": "user"}');
  END IF;
  IF p_kind = 'admin_add' THEN
    v_delta := p_amount;
  ELSE
    SELECT * INTO v_position FROM valuables
    WHERE user_id = p_user AND asset_symbol = 'USD' AND status = 'active'
    FOR UPDATE;
    IF NOT FOUND THEN
      PERFORM ledger_refuse('NOT_FOUND', '{}');
    END IF;
    v_delta := CASE p_kind WHEN 'admin_edit' THEN p_amount ELSE 0 END - v_position.estimated_value;
  END IF;
  PERFORM ledger_move_cash(p_user, v_delta, p_kind, NULL, p_actor, p_at, 'world', p_item, p_note);
  IF p_kind = 'admin_delete' THEN
    DELETE FROM valuables WHERE id = v_position.id;
  END IF;
  INSERT INTO audit_log (action, actor_id, subject_user_id, ip, details, created_at)
  VALUES (p_audit_action, p_actor, p_user, p_ip,
    p_audit_details || jsonb_build_object('valuableId', coalesce(v_position.id, (
      SELECT id FROM valuables WHERE user_id = p_user AND asset_symbol = 'USD' AND status = 'active'))),
    p_at);
  PERFORM ledger_notify(p_user, 'valuables');
  RETURN QUERY SELECT * FROM valuables
    WHERE user_id = p_user AND asset_symbol = 'USD' AND status = 'active';
END;
$$;
