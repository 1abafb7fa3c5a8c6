-- A delivery moves on (DESIGN §5): staff (p_customer null) pending → processing → shipped →
-- delivered, or cancelled before shipped; the customer (p_customer) cancels while pending or
-- processing. Delivered takes the item out of the vault with a journal row; cancelled returns
-- it, and is the last entry of its tracking. Anything else answers CONFLICT; concurrent changes
-- wait on the row lock, so one wins.
CREATE OR REPLACE FUNCTION ledger_delivery_status(
  p_id uuid, p_status text, p_actor uuid, p_customer uuid, p_at timestamptz,
  p_key_owner uuid, p_key text, p_hash text, p_assets jsonb, p_ip text, p_request text
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_replay jsonb;
  v_delivery deliveries;
  v_row valuables;
  v_actor uuid := CASE WHEN p_customer IS NULL THEN p_actor END;
  v_body jsonb;
BEGIN
  v_replay := ledger_claim_key(p_key_owner, p_key, p_hash, p_at);
  IF v_replay IS NOT NULL THEN
    RETURN v_replay;
  END IF;
  SELECT * INTO v_delivery FROM deliveries
  WHERE id = p_id AND (p_customer IS NULL OR user_id = p_customer)
  FOR UPDATE;
  IF NOT FOUND THEN
    PERFORM ledger_refuse('NOT_FOUND', '{"what": "delivery"}');
  END IF;
  IF NOT ((v_delivery.status, p_status) IN (('pending', 'processing'), ('pending', 'cancelled'),
      ('processing', 'shipped'), ('processing', 'cancelled'), ('shipped', 'delivered'))) THEN
    PERFORM ledger_refuse('CONFLICT', jsonb_build_object('status', v_delivery.status, 'wanted', p_status));
  END IF;
  IF p_status IN ('cancelled', 'delivered') THEN
    SELECT * INTO v_row FROM valuables WHERE id = v_delivery.valuable_id FOR UPDATE;
    IF FOUND AND v_row.status = 'in_delivery' THEN
      IF p_status = 'cancelled' THEN
        PERFORM ledger_restore(v_row, 'delivery', p_id::text, v_actor, p_at, p_assets);
      ELSE
        PERFORM ledger_journal(v_row.user_id, v_row.id, v_row.asset_symbol, v_row.item_name,
          'delivery', -v_row.quantity, -coalesce(v_row.estimated_value, 0), p_id::text, v_actor, p_at);
        -- Delivered: it left the vault for the outside world (decision 021).
        PERFORM ledger_post('world', v_row.asset_symbol, 'delivery', v_row.quantity,
          coalesce(v_row.estimated_value, 0), p_id::text, p_at);
        DELETE FROM valuables WHERE id = v_row.id;
      END IF;
    END IF;
  END IF;
  UPDATE deliveries SET status = p_status, updated_at = p_at WHERE id = p_id RETURNING * INTO v_delivery;
  -- The tracking timeline ends with the cancellation, dated, whoever cancelled: otherwise an
  -- "In transit" record staff added would stay its latest word. Staff who recorded it themselves
  -- already are not repeated.
  IF p_status = 'cancelled' AND coalesce((SELECT r.status FROM delivery_tracking r
      WHERE r.delivery_id = p_id ORDER BY r.created_at DESC, r.id DESC LIMIT 1), '') <> 'cancelled' THEN
    INSERT INTO delivery_tracking (delivery_id, status, created_by, created_at)
    VALUES (p_id, 'cancelled', p_actor, p_at);
  END IF;
  INSERT INTO audit_log (action, actor_id, subject_user_id, ip, details, created_at)
  VALUES ('delivery.status_changed', p_actor, v_delivery.user_id, p_ip, jsonb_build_object(
    'deliveryId', p_id, 'status', p_status, 'byCustomer', p_customer IS NOT NULL), p_at);
  PERFORM ledger_notify(v_delivery.user_id, 'valuables');
  PERFORM ledger_notify(v_delivery.user_id, 'requests');
  PERFORM delivery_mail(v_delivery, p_at, p_request);
  v_body := CASE WHEN p_customer IS NULL THEN admin_delivery_json(v_delivery)
    ELSE delivery_json(v_delivery) END;
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET response_status = 200, response_body = v_body
    WHERE user_id = p_key_owner AND key = p_key;
  END IF;
  RETURN jsonb_build_object('replayed', false, 'status', 200, 'body', v_body);
END;
$$;
