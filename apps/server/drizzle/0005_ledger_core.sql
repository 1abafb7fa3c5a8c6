ALTER TABLE "ledger_entries" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_entries_platform_idx" ON "ledger_entries" USING btree ("kind") WHERE "ledger_entries"."user_id" is null;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_owner_check" CHECK ("ledger_entries"."user_id" is not null or "ledger_entries"."kind" = 'rounding');--> statement-breakpoint
-- The ledger core's movements as functions (DESIGN §2, docs/decisions/013): each money or asset
-- movement is one call, so one round trip, with its idempotency key, journal rows, rounding and
-- realtime notice inside the statement's own transaction. Refusals are raised with SQLSTATE
-- SVL01, the API's error code as the message and the figures as JSON in the detail; the
-- TypeScript side (apps/server/src/ledger) turns them into SPEC §8's texts. Lock order, as
-- before: the cash position first, then positions in symbol order.

-- A refusal: rolls back everything the statement did, the idempotency key included.
CREATE FUNCTION ledger_refuse(p_code text, p_detail jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'SVL01', MESSAGE = p_code, DETAIL = p_detail::text;
END;
$$;
--> statement-breakpoint
-- One journal row. The journal is append-only (migration 0003).
CREATE FUNCTION ledger_journal(
  p_user uuid, p_valuable uuid, p_symbol text, p_item text, p_kind text,
  p_quantity numeric, p_value numeric, p_reference text, p_actor uuid, p_at timestamptz
) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO ledger_entries
    (user_id, valuable_id, asset_symbol, item_name, kind, quantity_delta, value_delta, reference, actor_id, created_at)
  VALUES (p_user, p_valuable, p_symbol, p_item, p_kind, p_quantity, p_value, p_reference, p_actor, p_at);
$$;
--> statement-breakpoint
-- The sub-cent difference between the cash and the value a movement moved goes to the
-- platform's rounding account (positive: the platform gained), so value is conserved.
CREATE FUNCTION ledger_round(p_amount numeric, p_reference text, p_at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_amount <> 0 THEN
    PERFORM ledger_journal(NULL, NULL, 'USD', NULL, 'rounding', NULL, p_amount, p_reference, NULL, p_at);
  END IF;
END;
$$;
--> statement-breakpoint
-- Claims an Idempotency-Key for this movement (decision 007). NULL: claimed, go on. Else the
-- first request's stored answer, to replay. A second request with the key waits here on the
-- first's uncommitted row; a request that was refused rolled its key back with it.
CREATE FUNCTION ledger_claim_key(p_user uuid, p_key text, p_hash text, p_at timestamptz)
RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_stored idempotency_keys;
BEGIN
  IF p_key IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO idempotency_keys (user_id, key, request_hash, created_at)
  VALUES (p_user, p_key, p_hash, p_at)
  ON CONFLICT DO NOTHING;
  IF FOUND THEN
    RETURN NULL;
  END IF;
  SELECT * INTO v_stored FROM idempotency_keys WHERE user_id = p_user AND key = p_key;
  IF v_stored.request_hash <> p_hash THEN
    PERFORM ledger_refuse('IDEMPOTENCY_KEY_REUSED', '{}');
  END IF;
  IF v_stored.response_status IS NULL THEN
    PERFORM ledger_refuse('CONFLICT', '{}');
  END IF;
  RETURN jsonb_build_object('replayed', true, 'status', v_stored.response_status, 'body', v_stored.response_body);
END;
$$;
--> statement-breakpoint
-- Stores the answer under the key, tells the user's open pages (delivered at commit), and
-- returns the outcome the caller sends.
CREATE FUNCTION ledger_answer(p_user uuid, p_key text, p_status integer, p_body jsonb, p_topic text)
RETURNS jsonb
LANGUAGE plpgsql AS $$
BEGIN
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET response_status = p_status, response_body = p_body
    WHERE user_id = p_user AND key = p_key;
  END IF;
  PERFORM pg_notify('sv_user_events', json_build_object('userId', p_user, 'topic', p_topic)::text);
  RETURN jsonb_build_object('replayed', false, 'status', p_status, 'body', p_body);
END;
$$;
--> statement-breakpoint
-- Adds p_delta (negative to debit, whole cents) to the user's one cash position, creating it
-- when a credit finds none, and journals it. Returns the new balance. A debit past zero is
-- refused with INSUFFICIENT_CASH and the figures for SPEC §8's message.
CREATE FUNCTION ledger_move_cash(
  p_user uuid, p_delta numeric, p_kind text, p_reference text, p_actor uuid, p_at timestamptz
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
    -- No cash position yet: open one with this credit (or, if another transaction just did,
    -- go round again and add to theirs).
    INSERT INTO valuables (user_id, item_name, item_type, estimated_value, storage_location,
      asset_symbol, status, date_stored, created_at, updated_at)
    VALUES (p_user, 'Cash', 'cash', p_delta, 'Account', 'USD', 'active', p_at, p_at, p_at)
    ON CONFLICT DO NOTHING
    RETURNING id, estimated_value INTO v_id, v_balance;
    EXIT WHEN FOUND;
  END LOOP;
  PERFORM ledger_journal(p_user, v_id, 'USD', 'Cash', p_kind, NULL, p_delta, p_reference, p_actor, p_at);
  RETURN v_balance;
END;
$$;
--> statement-breakpoint
-- Adds p_delta (negative to take away) to the user's active position in p_symbol, revalued at
-- p_price, and journals it; a position that reaches zero is deleted (its journal rows keep its
-- id). A credit with no position opens one described by p_new (item_name, item_type,
-- storage_location, unit). Returns the new quantity. Taking more than is held is refused with
-- INSUFFICIENT_HOLDING; taking from a holding that is fixed for a term or out for delivery,
-- with ASSET_UNAVAILABLE.
CREATE FUNCTION ledger_move_position(
  p_user uuid, p_symbol text, p_delta numeric, p_price numeric, p_kind text,
  p_reference text, p_actor uuid, p_at timestamptz, p_new jsonb
) RETURNS numeric
LANGUAGE plpgsql AS $$
DECLARE
  v_position valuables;
  v_unavailable text;
  v_quantity numeric;
  v_value numeric;
BEGIN
  LOOP
    SELECT * INTO v_position FROM valuables
    WHERE user_id = p_user AND asset_symbol = p_symbol AND status = 'active'
    FOR UPDATE;
    EXIT WHEN FOUND;
    IF p_delta < 0 THEN
      SELECT status INTO v_unavailable FROM valuables
      WHERE user_id = p_user AND asset_symbol = p_symbol AND status IN ('locked', 'in_delivery')
      LIMIT 1;
      IF FOUND THEN
        PERFORM ledger_refuse('ASSET_UNAVAILABLE', jsonb_build_object('symbol', p_symbol, 'status', v_unavailable));
      END IF;
      PERFORM ledger_refuse('INSUFFICIENT_HOLDING', jsonb_build_object(
        'symbol', p_symbol, 'wanted', (-p_delta)::text, 'held', '0'));
    END IF;
    INSERT INTO valuables (user_id, item_name, item_type, estimated_value, storage_location,
      asset_symbol, quantity, unit, status, date_stored, created_at, updated_at)
    VALUES (p_user, p_new->>'itemName', p_new->>'itemType', 0, p_new->>'storageLocation',
      p_symbol, 0, p_new->>'unit', 'active', p_at, p_at, p_at)
    ON CONFLICT DO NOTHING;
  END LOOP;
  v_quantity := v_position.quantity + p_delta;
  IF v_quantity < 0 THEN
    PERFORM ledger_refuse('INSUFFICIENT_HOLDING', jsonb_build_object(
      'symbol', p_symbol, 'wanted', (-p_delta)::text, 'held', v_position.quantity::text));
  END IF;
  v_value := v_quantity * p_price;
  PERFORM ledger_journal(p_user, v_position.id, p_symbol, v_position.item_name, p_kind, p_delta,
    v_value - v_position.estimated_value, p_reference, p_actor, p_at);
  IF v_quantity = 0 THEN
    DELETE FROM valuables WHERE id = v_position.id;
  ELSE
    UPDATE valuables SET quantity = v_quantity, estimated_value = v_value, updated_at = p_at
    WHERE id = v_position.id;
  END IF;
  RETURN round(v_quantity, 8);
END;
$$;
--> statement-breakpoint
-- A buy or a sell at a listed price (DESIGN §2). p_cash is what the customer pays or receives,
-- in whole cents; the position moves by p_quantity at p_price; the difference is rounding.
-- p_answer is the answer without the balances, which are filled in here.
CREATE FUNCTION ledger_trade(
  p_user uuid, p_actor uuid, p_at timestamptz, p_key text, p_hash text,
  p_side text, p_symbol text, p_quantity numeric, p_price numeric, p_cash numeric,
  p_new jsonb, p_reference text, p_answer jsonb
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_replay jsonb;
  v_cash numeric;
  v_held numeric;
BEGIN
  v_replay := ledger_claim_key(p_user, p_key, p_hash, p_at);
  IF v_replay IS NOT NULL THEN
    RETURN v_replay;
  END IF;
  IF p_side = 'buy' THEN
    v_cash := ledger_move_cash(p_user, -p_cash, 'buy', p_reference, p_actor, p_at);
    v_held := ledger_move_position(p_user, p_symbol, p_quantity, p_price, 'buy', p_reference, p_actor, p_at, p_new);
    PERFORM ledger_round(p_cash - p_quantity * p_price, p_reference, p_at);
  ELSE
    v_cash := ledger_move_cash(p_user, p_cash, 'sell', p_reference, p_actor, p_at);
    v_held := ledger_move_position(p_user, p_symbol, -p_quantity, p_price, 'sell', p_reference, p_actor, p_at, p_new);
    PERFORM ledger_round(p_quantity * p_price - p_cash, p_reference, p_at);
  END IF;
  RETURN ledger_answer(p_user, p_key, 201,
    p_answer || jsonb_build_object('cashBalance', round(v_cash, 8)::text, 'holdingQuantity', v_held::text),
    'valuables');
END;
$$;
--> statement-breakpoint
-- A swap (DESIGN §2, §5): p_from_quantity of p_from out at its price, p_to_quantity of p_to in
-- at its price, p_cash (whole cents, possibly zero) back to cash; the rest is rounding.
CREATE FUNCTION ledger_swap(
  p_user uuid, p_actor uuid, p_at timestamptz, p_key text, p_hash text,
  p_from text, p_from_quantity numeric, p_from_price numeric,
  p_to text, p_to_quantity numeric, p_to_price numeric, p_cash numeric,
  p_new jsonb, p_reference text, p_answer jsonb
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_replay jsonb;
  v_cash numeric;
BEGIN
  v_replay := ledger_claim_key(p_user, p_key, p_hash, p_at);
  IF v_replay IS NOT NULL THEN
    RETURN v_replay;
  END IF;
  IF p_cash > 0 THEN
    v_cash := ledger_move_cash(p_user, p_cash, 'swap_cash', p_reference, p_actor, p_at);
  ELSE
    SELECT estimated_value INTO v_cash FROM valuables
    WHERE user_id = p_user AND asset_symbol = 'USD' AND status = 'active';
  END IF;
  IF p_from < p_to THEN
    PERFORM ledger_move_position(p_user, p_from, -p_from_quantity, p_from_price, 'swap_out', p_reference, p_actor, p_at, NULL);
    PERFORM ledger_move_position(p_user, p_to, p_to_quantity, p_to_price, 'swap_in', p_reference, p_actor, p_at, p_new);
  ELSE
    PERFORM ledger_move_position(p_user, p_to, p_to_quantity, p_to_price, 'swap_in', p_reference, p_actor, p_at, p_new);
    PERFORM ledger_move_position(p_user, p_from, -p_from_quantity, p_from_price, 'swap_out', p_reference, p_actor, p_at, NULL);
  END IF;
  PERFORM ledger_round(p_from_quantity * p_from_price - p_to_quantity * p_to_price - p_cash, p_reference, p_at);
  RETURN ledger_answer(p_user, p_key, 201,
    p_answer || jsonb_build_object('cashBalance', round(coalesce(v_cash, 0), 8)::text),
    'valuables');
END;
$$;
--> statement-breakpoint
-- Staff move a customer's cash (SPEC §5, DESIGN §2): credit ('admin_add'), set to a balance
-- ('admin_edit') or empty and remove the position ('admin_delete'). The audit row is written
-- in the same statement. Returns the cash position as it is after (no row once deleted).
CREATE FUNCTION ledger_staff_cash(
  p_user uuid, p_actor uuid, p_at timestamptz, p_kind text, p_amount numeric,
  p_audit_action text, p_audit_details jsonb, p_ip text
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
  PERFORM ledger_move_cash(p_user, v_delta, p_kind, NULL, p_actor, p_at);
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
--> statement-breakpoint
-- The live session a token hash belongs to (unknown, revoked, idle or past its end: no row).
-- Requests join it to their own query, so the session check costs no round trip of its own.
CREATE FUNCTION auth_session(p_token_hash text, p_now timestamptz, p_idle_since timestamptz)
RETURNS TABLE (
  session_id uuid, session_created_at timestamptz, last_seen_at timestamptz,
  expires_at timestamptz, restore_session_id uuid, second_factor_at timestamptz,
  user_id uuid, email text, has_two_factor boolean, has_admin_role boolean,
  impersonator_id uuid, impersonator_email text
)
LANGUAGE sql STABLE AS $$
  SELECT s.id, s.created_at, s.last_seen_at, s.expires_at, s.restore_session_id, s.second_factor_at,
    u.id, u.email, u.totp_secret IS NOT NULL,
    EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role = 'admin'),
    i.id, i.email
  FROM sessions s
  JOIN users u ON u.id = s.user_id
  LEFT JOIN users i ON i.id = s.impersonator_id
  WHERE s.token_hash = p_token_hash AND s.revoked_at IS NULL
    AND s.expires_at > p_now AND s.last_seen_at > p_idle_since;
$$;
