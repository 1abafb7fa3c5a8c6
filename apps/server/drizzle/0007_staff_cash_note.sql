ALTER TABLE "ledger_entries" ADD COLUMN "note" text;--> statement-breakpoint
-- A staff cash credit keeps the name and description staff gave it ("Cash deposit", "Wire of 12
-- November") on its journal row, so the customer's history shows them; the cash position itself
-- stays the one "Cash" position (DESIGN §2). The three functions gain trailing parameters with
-- defaults, so every other caller is unchanged.
DROP FUNCTION ledger_journal(uuid, uuid, text, text, text, numeric, numeric, text, uuid, timestamptz);
--> statement-breakpoint
CREATE FUNCTION ledger_journal(
  p_user uuid, p_valuable uuid, p_symbol text, p_item text, p_kind text,
  p_quantity numeric, p_value numeric, p_reference text, p_actor uuid, p_at timestamptz,
  p_note text DEFAULT NULL
) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO ledger_entries
    (user_id, valuable_id, asset_symbol, item_name, kind, quantity_delta, value_delta, reference, actor_id, created_at, note)
  VALUES (p_user, p_valuable, p_symbol, p_item, p_kind, p_quantity, p_value, p_reference, p_actor, p_at, p_note);
$$;
--> statement-breakpoint
DROP FUNCTION ledger_move_cash(uuid, numeric, text, text, uuid, timestamptz);
--> statement-breakpoint
-- As in 0005, with the journal row's item name and note (staff cash changes pass theirs).
CREATE FUNCTION ledger_move_cash(
  p_user uuid, p_delta numeric, p_kind text, p_reference text, p_actor uuid, p_at timestamptz,
  p_item text DEFAULT 'Cash', p_note text DEFAULT NULL
) RETURNS numeric
LANGUAGE plpgsql AS $$
DECLARE
  v_id uuid;
  v_balance numeric;
BEGIN
  IF p_delta <> trunc(p_delta, 2) THEN
    RAISE EXCEPTION 'cash moves in whole cents, not %', p_delta;
  END IF;
  LOOP
    UPDATE valuables SET estimated_value = estimated_value + p_delta, updated_at = p_at
    WHERE user_id = p_user AND asset_symbol = 'USD' AND status = 'active'
      AND estimated_value + p_delta >= 0
    RETURNING id, estimated_value INTO v_id, v_balance;
    EXIT WHEN FOUND;
    SELECT estimated_value INTO v_balance FROM valuables
    WHERE user_id = p_user AND asset_symbol = 'USD' AND status = 'active';
    IF FOUND OR p_delta < 0 THEN
      PERFORM ledger_refuse('INSUFFICIENT_CASH', jsonb_build_object(
        'needed', (-p_delta)::text, 'balance', coalesce(v_balance, 0)::text));
    END IF;
    INSERT INTO valuables (user_id, item_name, item_type, estimated_value, storage_location,
      asset_symbol, status, date_stored, created_at, updated_at)
    VALUES (p_user, 'Cash', 'cash', p_delta, 'Account', 'USD', 'active', p_at, p_at, p_at)
    ON CONFLICT DO NOTHING
    RETURNING id, estimated_value INTO v_id, v_balance;
    EXIT WHEN FOUND;
  END LOOP;
  PERFORM ledger_journal(p_user, v_id, 'USD', coalesce(p_item, 'Cash'), p_kind, NULL, p_delta,
    p_reference, p_actor, p_at, p_note);
  RETURN v_balance;
END;
$$;
--> statement-breakpoint
DROP FUNCTION ledger_staff_cash(uuid, uuid, timestamptz, text, numeric, text, jsonb, text);
--> statement-breakpoint
CREATE FUNCTION ledger_staff_cash(
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
  PERFORM ledger_move_cash(p_user, v_delta, p_kind, NULL, p_actor, p_at, p_item, p_note);
  IF p_kind = 'admin_delete' THEN
    DELETE FROM valuables WHERE id = v_position.id;
  END IF;
  INSERT INTO audit_log (action, actor_id, subject_user_id, ip, details, created_at)
  VALUES (p_audit_action, p_actor, p_user, p_ip,
    p_audit_details || jsonb_build_object('valuableId', coalesce(v_position.id, (
      SELECT id FROM valuables WHERE user_id = p_user AND asset_symbol = 'USD' AND status = 'active'))),
    p_at);
  PERFORM pg_notify('sv_user_events', json_build_object('userId', p_user, 'topic', 'valuables')::text);
  RETURN QUERY SELECT * FROM valuables
    WHERE user_id = p_user AND asset_symbol = 'USD' AND status = 'active';
END;
$$;
