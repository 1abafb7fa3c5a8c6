CREATE TABLE "deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"valuable_id" uuid,
	"item_name" text NOT NULL,
	"item_type" text NOT NULL,
	"asset_symbol" text,
	"quantity" numeric(30, 8),
	"unit" text,
	"estimated_value" numeric(30, 8),
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"recipient_phone" text NOT NULL,
	"recipient_address" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deliveries_status_check" CHECK ("deliveries"."status" in ('pending', 'processing', 'shipped', 'delivered', 'cancelled')),
	CONSTRAINT "deliveries_language_check" CHECK ("deliveries"."language" in ('en', 'ar'))
);
--> statement-breakpoint
CREATE TABLE "delivery_tracking" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"status" text NOT NULL,
	"location" text,
	"message" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_tracking_status_check" CHECK ("delivery_tracking"."status" in ('pending', 'processing', 'shipped', 'in_transit', 'out_for_delivery', 'delivered', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "fixed_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"valuable_id" uuid NOT NULL,
	"item_name" text NOT NULL,
	"asset_symbol" text,
	"quantity" numeric(30, 8),
	"unit" text,
	"months" integer NOT NULL,
	"interest_rate" numeric(6, 4) NOT NULL,
	"principal" numeric(30, 8) NOT NULL,
	"profit" numeric(30, 8) NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"matures_at" timestamp with time zone NOT NULL,
	"matured_at" timestamp with time zone,
	CONSTRAINT "fixed_terms_status_check" CHECK ("fixed_terms"."status" in ('active', 'matured')),
	CONSTRAINT "fixed_terms_language_check" CHECK ("fixed_terms"."language" in ('en', 'ar')),
	CONSTRAINT "fixed_terms_months_check" CHECK ("fixed_terms"."months" in (1, 3, 6, 12))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_tracking" ADD CONSTRAINT "delivery_tracking_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_tracking" ADD CONSTRAINT "delivery_tracking_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixed_terms" ADD CONSTRAINT "fixed_terms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliveries_created_idx" ON "deliveries" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deliveries_user_idx" ON "deliveries" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "delivery_tracking_delivery_idx" ON "delivery_tracking" USING btree ("delivery_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "delivery_tracking_created_idx" ON "delivery_tracking" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fixed_terms_user_idx" ON "fixed_terms" USING btree ("user_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null;--> statement-breakpoint
-- Fixed terms and delivery (DESIGN §5) as ledger functions, one call each (decision 013): a
-- holding is set aside (locked for a term, or in delivery), whole or, for a listed position, a
-- part split off as its own row; it comes back by joining its asset's active position again or
-- by becoming active. Every step is journaled (a status change in place as a zero row, so the
-- history shows it). p_assets: each listed asset's price, quantity decimals, kind and
-- new-position description (ledger/assets.ts). Lock order as before: cash first, then holdings.

CREATE FUNCTION ledger_set_aside(
  p_user uuid, p_valuable uuid, p_quantity numeric, p_status text, p_kind text, p_action text,
  p_reference text, p_actor uuid, p_at timestamptz, p_assets jsonb
) RETURNS valuables
LANGUAGE plpgsql AS $$
DECLARE
  v_item valuables;
  v_asset jsonb;
  v_price numeric;
  v_row valuables;
BEGIN
  SELECT * INTO v_item FROM valuables WHERE id = p_valuable AND user_id = p_user FOR UPDATE;
  IF NOT FOUND OR v_item.status = 'delivered' THEN
    PERFORM ledger_refuse('NOT_FOUND', '{}');
  END IF;
  IF v_item.status <> 'active' THEN
    PERFORM ledger_refuse('ASSET_UNAVAILABLE', jsonb_build_object(
      'symbol', coalesce(v_item.asset_symbol, v_item.item_name), 'status', v_item.status, 'action', p_action));
  END IF;
  v_asset := p_assets -> v_item.asset_symbol;
  IF p_quantity IS NOT NULL AND v_asset IS NULL THEN
    PERFORM ledger_refuse('QUANTITY_INVALID', '{"what": "whole"}');
  END IF;
  IF p_quantity IS NULL OR p_quantity = v_item.quantity THEN
    UPDATE valuables SET status = p_status, updated_at = p_at WHERE id = v_item.id RETURNING * INTO v_row;
    PERFORM ledger_journal(p_user, v_item.id, v_item.asset_symbol, v_item.item_name, p_kind,
      CASE WHEN v_item.quantity IS NULL THEN NULL ELSE 0 END, 0, p_reference, p_actor, p_at);
    RETURN v_row;
  END IF;
  IF p_quantity <= 0 OR p_quantity <> trunc(p_quantity, (v_asset->>'decimals')::int) THEN
    PERFORM ledger_refuse('QUANTITY_INVALID', jsonb_build_object('symbol', v_item.asset_symbol));
  END IF;
  IF p_quantity > v_item.quantity THEN
    PERFORM ledger_refuse('INSUFFICIENT_HOLDING', jsonb_build_object('symbol', v_item.asset_symbol,
      'wanted', p_quantity::text, 'held', v_item.quantity::text, 'action', p_action));
  END IF;
  v_price := (v_asset->>'price')::numeric;
  PERFORM ledger_move_position(p_user, v_item.asset_symbol, -p_quantity, v_price, p_kind,
    p_reference, p_actor, p_at, NULL);
  INSERT INTO valuables (user_id, item_name, item_type, estimated_value, description,
    storage_location, asset_symbol, quantity, unit, status, date_stored, created_at, updated_at)
  VALUES (p_user, v_item.item_name, v_item.item_type, p_quantity * v_price, v_item.description,
    v_item.storage_location, v_item.asset_symbol, p_quantity, v_item.unit, p_status,
    v_item.date_stored, p_at, p_at)
  RETURNING * INTO v_row;
  PERFORM ledger_journal(p_user, v_row.id, v_row.asset_symbol, v_row.item_name, p_kind, p_quantity,
    v_row.estimated_value, p_reference, p_actor, p_at);
  RETURN v_row;
END;
$$;
--> statement-breakpoint
-- Brings a set-aside holding (locked or in delivery) back: a listed position joins its asset's
-- active position when there is one, else the holding becomes active in place. A buy opening
-- that position at the same moment makes the in-place change fail on the one-active-position
-- index; then it joins the new position instead. Returns the active holding's id.
CREATE FUNCTION ledger_restore(
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
    (v_asset->>'price')::numeric, p_kind, p_reference, p_actor, p_at, NULL);
  RETURN (SELECT id FROM valuables WHERE user_id = p_row.user_id
    AND asset_symbol = p_row.asset_symbol AND status = 'active');
END;
$$;
--> statement-breakpoint
CREATE FUNCTION custody_time(p_at timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
$$;
--> statement-breakpoint
CREATE FUNCTION fixed_term_json(t fixed_terms) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', t.id, 'valuableId', t.valuable_id, 'itemName', t.item_name, 'assetSymbol', t.asset_symbol,
    'quantity', t.quantity::text, 'unit', t.unit, 'months', t.months,
    'interestRate', to_char(t.interest_rate, 'FM0.00'), 'principal', t.principal::text, 'profit', t.profit::text,
    'status', t.status, 'startedAt', custody_time(t.started_at), 'maturesAt', custody_time(t.matures_at),
    'maturedAt', custody_time(t.matured_at));
$$;
--> statement-breakpoint
CREATE FUNCTION delivery_json(d deliveries) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', d.id, 'valuableId', d.valuable_id, 'itemName', d.item_name, 'itemType', d.item_type,
    'assetSymbol', d.asset_symbol, 'quantity', d.quantity::text, 'unit', d.unit,
    'estimatedValue', d.estimated_value::text, 'recipientName', d.recipient_name,
    'recipientEmail', d.recipient_email, 'recipientPhone', d.recipient_phone,
    'recipientAddress', d.recipient_address, 'status', d.status,
    'createdAt', custody_time(d.created_at), 'updatedAt', custody_time(d.updated_at),
    'tracking', coalesce((
      SELECT jsonb_agg(jsonb_build_object('id', r.id, 'deliveryId', r.delivery_id,
        'status', r.status, 'location', r.location, 'message', r.message,
        'createdAt', custody_time(r.created_at)) ORDER BY r.created_at DESC, r.id DESC)
      FROM delivery_tracking r WHERE r.delivery_id = d.id), '[]'::jsonb));
$$;
--> statement-breakpoint
CREATE FUNCTION admin_delivery_json(d deliveries) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT delivery_json(d) || jsonb_build_object(
    'userId', d.user_id, 'userEmail', (SELECT email FROM users WHERE id = d.user_id));
$$;
--> statement-breakpoint
-- Fixes a holding for p_months at p_rate: locked (a part of a position split off), the term
-- recorded with its profit in whole cents (rounded down) and its maturity in calendar months in
-- UTC (PostgreSQL's month arithmetic keeps 31 January + 1 month at the end of February), and
-- the maturity job queued.
CREATE FUNCTION ledger_fix_term(
  p_user uuid, p_actor uuid, p_at timestamptz, p_key text, p_hash text,
  p_id uuid, p_valuable uuid, p_quantity numeric, p_months integer, p_rate numeric,
  p_language text, p_assets jsonb
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
  INSERT INTO jobs (kind, payload, run_at, created_at)
  VALUES ('fixed_term_maturity', jsonb_build_object('termId', p_id), v_term.matures_at, p_at);
  RETURN ledger_answer(p_user, p_key, 201, fixed_term_json(v_term), 'valuables');
END;
$$;
--> statement-breakpoint
-- A term at maturity, once: the profit credited as cash, the holding unlocked, the term
-- matured — under the term's row lock, so a second runner (or a retry after a crash) finds it
-- matured and does nothing. Returns the term, or null when it is not due or already matured.
CREATE FUNCTION ledger_mature_term(p_id uuid, p_at timestamptz, p_assets jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_term fixed_terms;
  v_row valuables;
BEGIN
  SELECT * INTO v_term FROM fixed_terms WHERE id = p_id FOR UPDATE;
  IF NOT FOUND OR v_term.status <> 'active' OR v_term.matures_at > p_at THEN
    RETURN NULL;
  END IF;
  IF v_term.profit > 0 THEN
    PERFORM ledger_move_cash(v_term.user_id, v_term.profit, 'fixed_term_profit', p_id::text, NULL, p_at);
  END IF;
  SELECT * INTO v_row FROM valuables WHERE id = v_term.valuable_id FOR UPDATE;
  IF FOUND AND v_row.status = 'locked' THEN
    PERFORM ledger_restore(v_row, 'fixed_term_end', p_id::text, NULL, p_at, p_assets);
  END IF;
  UPDATE fixed_terms SET status = 'matured', matured_at = p_at WHERE id = p_id RETURNING * INTO v_term;
  PERFORM ledger_notify(v_term.user_id, 'valuables');
  RETURN fixed_term_json(v_term);
END;
$$;
--> statement-breakpoint
-- A delivery request (DESIGN §5): approved KYC; physical items and metals only; the whole
-- valuable, or part of a metal position split off, is in delivery until delivered or cancelled.
CREATE FUNCTION ledger_request_delivery(
  p_user uuid, p_actor uuid, p_at timestamptz, p_key text, p_hash text,
  p_id uuid, p_valuable uuid, p_quantity numeric, p_recipient jsonb, p_language text,
  p_assets jsonb
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_replay jsonb;
  v_item valuables;
  v_row valuables;
  v_delivery deliveries;
BEGIN
  v_replay := ledger_claim_key(p_user, p_key, p_hash, p_at);
  IF v_replay IS NOT NULL THEN
    RETURN v_replay;
  END IF;
  PERFORM ledger_require_kyc(p_user);
  SELECT * INTO v_item FROM valuables WHERE id = p_valuable AND user_id = p_user;
  IF NOT FOUND OR v_item.status = 'delivered' THEN
    PERFORM ledger_refuse('NOT_FOUND', '{}');
  END IF;
  IF v_item.asset_symbol = 'USD' OR p_assets -> v_item.asset_symbol ->> 'kind' = 'crypto' THEN
    PERFORM ledger_refuse('NOT_DELIVERABLE', '{}');
  END IF;
  -- A negative entry (a reduction staff recorded) is a debt, not an item: delivering it would
  -- take it off the books and raise net worth. Transfers refuse it the same way.
  IF coalesce(v_item.estimated_value, 0) < 0 THEN
    PERFORM ledger_refuse('ASSET_UNAVAILABLE', jsonb_build_object(
      'symbol', v_item.item_name, 'status', 'negative', 'action', 'deliver'));
  END IF;
  -- A negative entry records value taken away (SPEC §3); there is nothing to send.
  IF coalesce(v_item.estimated_value, 0) < 0 THEN
    PERFORM ledger_refuse('ASSET_UNAVAILABLE', jsonb_build_object(
      'symbol', v_item.item_name, 'status', 'negative', 'action', 'deliver'));
  END IF;
  v_row := ledger_set_aside(p_user, p_valuable, p_quantity, 'in_delivery', 'delivery', 'deliver',
    p_id::text, p_actor, p_at, p_assets);
  INSERT INTO deliveries (id, user_id, valuable_id, item_name, item_type, asset_symbol, quantity,
    unit, estimated_value, recipient_name, recipient_email, recipient_phone, recipient_address,
    status, language, created_at, updated_at)
  VALUES (p_id, p_user, v_row.id, v_row.item_name, v_row.item_type, v_row.asset_symbol,
    v_row.quantity, v_row.unit, v_row.estimated_value, p_recipient->>'name', p_recipient->>'email',
    p_recipient->>'phone', p_recipient->>'address', 'pending', p_language, p_at, p_at)
  RETURNING * INTO v_delivery;
  PERFORM ledger_notify(p_user, 'requests');
  RETURN ledger_answer(p_user, p_key, 201, delivery_json(v_delivery), 'valuables');
END;
$$;
--> statement-breakpoint
-- A delivery moves on (DESIGN §5): staff (p_customer null) pending → processing → shipped →
-- delivered, or cancelled before shipped; the customer (p_customer) cancels while pending or
-- processing. Delivered takes the item out of the vault with a journal row; cancelled returns
-- it. Anything else answers CONFLICT; concurrent changes wait on the row lock, so one wins.
CREATE FUNCTION ledger_delivery_status(
  p_id uuid, p_status text, p_actor uuid, p_customer uuid, p_at timestamptz,
  p_key_owner uuid, p_key text, p_hash text, p_assets jsonb, p_ip text
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
        DELETE FROM valuables WHERE id = v_row.id;
      END IF;
    END IF;
  END IF;
  UPDATE deliveries SET status = p_status, updated_at = p_at WHERE id = p_id RETURNING * INTO v_delivery;
  INSERT INTO audit_log (action, actor_id, subject_user_id, ip, details, created_at)
  VALUES ('delivery.status_changed', p_actor, v_delivery.user_id, p_ip, jsonb_build_object(
    'deliveryId', p_id, 'status', p_status, 'byCustomer', p_customer IS NOT NULL), p_at);
  PERFORM ledger_notify(v_delivery.user_id, 'valuables');
  PERFORM ledger_notify(v_delivery.user_id, 'requests');
  v_body := CASE WHEN p_customer IS NULL THEN admin_delivery_json(v_delivery)
    ELSE delivery_json(v_delivery) END;
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET response_status = 200, response_body = v_body
    WHERE user_id = p_key_owner AND key = p_key;
  END IF;
  RETURN jsonb_build_object('replayed', false, 'status', 200, 'body', v_body);
END;
$$;
--> statement-breakpoint
-- The job runner's one step (jobs/runner.ts): claims the oldest due job no other runner holds
-- (FOR UPDATE SKIP LOCKED), does its work and marks it done, in the caller's one statement, so
-- the work and "done" commit together; a runner killed midway rolls both back and another one
-- takes the job. Work that fails is rolled back to a savepoint and the job retried later
-- (30 s, 1 min, 2 min… at most an hour). Returns no row when nothing is due.
CREATE FUNCTION jobs_run_one(p_at timestamptz, p_assets jsonb)
RETURNS TABLE (job_id uuid, job_kind text, result jsonb, failure text)
LANGUAGE plpgsql AS $$
DECLARE
  v_job jobs;
BEGIN
  SELECT * INTO v_job FROM jobs
  WHERE done_at IS NULL AND run_at <= p_at
  ORDER BY run_at, id
  FOR UPDATE SKIP LOCKED
  LIMIT 1;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  job_id := v_job.id;
  job_kind := v_job.kind;
  BEGIN
    IF v_job.kind = 'fixed_term_maturity' THEN
      result := ledger_mature_term((v_job.payload->>'termId')::uuid, p_at, p_assets);
    ELSE
      RAISE EXCEPTION 'unknown job kind %', v_job.kind;
    END IF;
    UPDATE jobs SET done_at = p_at, attempts = attempts + 1, last_error = NULL WHERE id = v_job.id;
  EXCEPTION WHEN OTHERS THEN
    failure := SQLERRM;
    UPDATE jobs SET attempts = attempts + 1, last_error = left(SQLERRM, 500),
      run_at = p_at + make_interval(secs => least(3600, 30 * power(2, v_job.attempts)))
    WHERE id = v_job.id;
  END;
  RETURN NEXT;
END;
$$;
