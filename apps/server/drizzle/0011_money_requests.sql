CREATE TABLE "transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(30, 8) NOT NULL,
	"reference" text,
	"counterparty_id" uuid,
	"counterparty_account_number" text,
	"user_masked_name" text,
	"counterparty_masked_name" text,
	"valuable_id" uuid,
	"item_name" text,
	"asset_symbol" text,
	"quantity" numeric(30, 8),
	"bank_account_id" uuid,
	"bank_name" text,
	"bank_account_number" text,
	"card_last_four" text,
	"card_type" text,
	"reason" text,
	"language" text DEFAULT 'en' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfers_reference_unique" UNIQUE("reference"),
	CONSTRAINT "transfers_type_check" CHECK ("transfers"."type" in ('asset_transfer', 'card_deposit', 'bank_deposit', 'withdrawal', 'asset_to_cash')),
	CONSTRAINT "transfers_status_check" CHECK ("transfers"."status" in ('pending', 'completed', 'failed', 'cancelled')),
	CONSTRAINT "transfers_card_type_check" CHECK ("transfers"."card_type" is null or "transfers"."card_type" in ('Visa', 'Mastercard', 'Unknown')),
	CONSTRAINT "transfers_language_check" CHECK ("transfers"."language" in ('en', 'ar')),
	CONSTRAINT "transfers_amount_positive" CHECK ("transfers"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_counterparty_id_users_id_fk" FOREIGN KEY ("counterparty_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfers_created_idx" ON "transfers" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transfers_user_created_idx" ON "transfers" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transfers_counterparty_idx" ON "transfers" USING btree ("counterparty_id");--> statement-breakpoint
CREATE INDEX "transfers_pending_bank_account_idx" ON "transfers" USING btree ("bank_account_id") WHERE "transfers"."status" = 'pending';--> statement-breakpoint
-- Money in, out and across (DESIGN §5, decision 015) as ledger functions, each one call and so one
-- round trip, like 0005's: refusals raise SVL01 with the API's code, every movement is journaled
-- in the same transaction, and the customer's pages are told at commit. Lock order as before:
-- cash positions first, then positions in symbol order; between two customers, the lower user id
-- first, so two transfers in opposite directions cannot deadlock.

-- One transfer as its customer (p_viewer: the sender or the receiver) sees it.
CREATE FUNCTION transfer_json(t transfers, p_viewer uuid) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', t.id, 'type', t.type, 'status', t.status, 'amount', t.amount::text,
    'reference', t.reference,
    'direction', CASE WHEN t.type = 'asset_transfer' THEN
      CASE WHEN t.user_id = p_viewer THEN 'out' ELSE 'in' END END,
    'counterpartyAccountNumber', CASE WHEN t.type = 'asset_transfer' THEN
      CASE WHEN t.user_id = p_viewer THEN t.counterparty_account_number
      ELSE (SELECT account_number FROM profiles WHERE user_id = t.user_id) END END,
    'counterpartyName', CASE WHEN t.user_id = p_viewer THEN t.counterparty_masked_name
      ELSE t.user_masked_name END,
    'itemName', t.item_name, 'assetSymbol', t.asset_symbol, 'quantity', t.quantity::text,
    'bankName', t.bank_name, 'bankAccountNumber', t.bank_account_number,
    'cardLastFour', t.card_last_four, 'cardType', t.card_type, 'reason', t.reason,
    'createdAt', to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(t.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
$$;
--> statement-breakpoint
-- The same transfer as staff see it (SPEC §3's unified row): who asked, and who received.
CREATE FUNCTION admin_transfer_json(t transfers) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT transfer_json(t, t.user_id) || jsonb_build_object(
    'userId', t.user_id,
    'userEmail', (SELECT email FROM users WHERE id = t.user_id),
    'userAccountNumber', (SELECT account_number FROM profiles WHERE user_id = t.user_id),
    'counterpartyEmail', (SELECT email FROM users WHERE id = t.counterparty_id),
    'decidedAt', to_char(t.decided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_require_kyc(p_user uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM kyc_verifications WHERE user_id = p_user AND status = 'approved') THEN
    PERFORM ledger_refuse('KYC_REQUIRED', '{}');
  END IF;
END;
$$;
--> statement-breakpoint
-- Tells a customer's open pages what changed (delivered at commit).
CREATE FUNCTION ledger_notify(p_user uuid, p_topic text) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_notify('sv_user_events', json_build_object('userId', p_user, 'topic', p_topic)::text);
$$;
--> statement-breakpoint
-- An asset transfer (DESIGN §5): the whole valuable, or p_quantity of a traded position (in its
-- unit) or of cash (dollars), from p_user to the owner of p_receiver_account, at once. p_assets
-- holds each listed asset's price, quantity decimals and new-position description. The answer
-- is the transfer as the sender sees it.
CREATE FUNCTION ledger_transfer(
  p_user uuid, p_actor uuid, p_at timestamptz, p_key text, p_hash text,
  p_id uuid, p_receiver_account text, p_valuable uuid, p_quantity numeric,
  p_assets jsonb, p_names jsonb, p_language text
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_replay jsonb;
  v_receiver uuid;
  v_item valuables;
  v_asset jsonb;
  v_quantity numeric;
  v_value numeric;
  v_reference text := p_id::text;
  v_row transfers;
BEGIN
  v_replay := ledger_claim_key(p_user, p_key, p_hash, p_at);
  IF v_replay IS NOT NULL THEN
    RETURN v_replay;
  END IF;
  PERFORM ledger_require_kyc(p_user);
  SELECT user_id INTO v_receiver FROM profiles WHERE account_number = p_receiver_account;
  IF v_receiver IS NULL OR v_receiver = p_user THEN
    PERFORM ledger_refuse('NOT_FOUND', '{"what": "receiver"}');
  END IF;
  -- A delivered valuable has left the vault: it is answered as a missing one.
  SELECT * INTO v_item FROM valuables
  WHERE id = p_valuable AND user_id = p_user AND status <> 'delivered';
  IF NOT FOUND THEN
    PERFORM ledger_refuse('NOT_FOUND', '{}');
  END IF;
  IF v_item.status <> 'active' THEN
    PERFORM ledger_refuse('ASSET_UNAVAILABLE', jsonb_build_object(
      'symbol', coalesce(v_item.asset_symbol, v_item.item_name), 'status', v_item.status, 'action', 'transfer'));
  END IF;
  v_asset := p_assets -> v_item.asset_symbol;

  IF v_item.asset_symbol = 'USD' THEN
    v_quantity := coalesce(p_quantity, v_item.estimated_value);
    IF v_quantity <= 0 OR v_quantity <> trunc(v_quantity, 2) THEN
      PERFORM ledger_refuse('QUANTITY_INVALID', '{"what": "cash"}');
    END IF;
    IF p_user < v_receiver THEN
      PERFORM ledger_move_cash(p_user, -v_quantity, 'transfer_out', v_reference, p_actor, p_at);
      PERFORM ledger_move_cash(v_receiver, v_quantity, 'transfer_in', v_reference, NULL, p_at);
    ELSE
      PERFORM ledger_move_cash(v_receiver, v_quantity, 'transfer_in', v_reference, NULL, p_at);
      PERFORM ledger_move_cash(p_user, -v_quantity, 'transfer_out', v_reference, p_actor, p_at);
    END IF;
    v_value := v_quantity;
    v_quantity := NULL;
  ELSIF v_asset IS NOT NULL THEN
    v_quantity := coalesce(p_quantity, v_item.quantity);
    IF v_quantity <= 0 OR v_quantity <> trunc(v_quantity, (v_asset->>'decimals')::int) THEN
      PERFORM ledger_refuse('QUANTITY_INVALID', jsonb_build_object('symbol', v_item.asset_symbol));
    END IF;
    -- Worded for a transfer here; ledger_move_position refuses too (worded for a sale) should a
    -- sale take the quantity between this read and its lock.
    IF v_quantity > v_item.quantity THEN
      PERFORM ledger_refuse('INSUFFICIENT_HOLDING', jsonb_build_object('symbol', v_item.asset_symbol,
        'wanted', v_quantity::text, 'held', v_item.quantity::text, 'action', 'transfer'));
    END IF;
    IF p_user < v_receiver THEN
      PERFORM ledger_move_position(p_user, v_item.asset_symbol, -v_quantity, (v_asset->>'price')::numeric,
        'transfer_out', v_reference, p_actor, p_at, NULL);
      PERFORM ledger_move_position(v_receiver, v_item.asset_symbol, v_quantity, (v_asset->>'price')::numeric,
        'transfer_in', v_reference, NULL, p_at, v_asset->'new');
    ELSE
      PERFORM ledger_move_position(v_receiver, v_item.asset_symbol, v_quantity, (v_asset->>'price')::numeric,
        'transfer_in', v_reference, NULL, p_at, v_asset->'new');
      PERFORM ledger_move_position(p_user, v_item.asset_symbol, -v_quantity, (v_asset->>'price')::numeric,
        'transfer_out', v_reference, p_actor, p_at, NULL);
    END IF;
    v_value := v_quantity * (v_asset->>'price')::numeric;
  ELSE
    -- A custody item (jewelry, artwork…) moves whole: the same valuable changes hands.
    IF p_quantity IS NOT NULL THEN
      PERFORM ledger_refuse('QUANTITY_INVALID', '{"what": "whole"}');
    END IF;
    SELECT * INTO v_item FROM valuables WHERE id = p_valuable AND user_id = p_user FOR UPDATE;
    IF NOT FOUND OR v_item.status <> 'active' THEN
      PERFORM ledger_refuse('NOT_FOUND', '{}');
    END IF;
    IF coalesce(v_item.estimated_value, 0) < 0 THEN
      PERFORM ledger_refuse('ASSET_UNAVAILABLE', jsonb_build_object(
        'symbol', v_item.item_name, 'status', 'negative', 'action', 'transfer'));
    END IF;
    v_value := coalesce(v_item.estimated_value, 0);
    UPDATE valuables SET user_id = v_receiver, updated_at = p_at WHERE id = v_item.id;
    PERFORM ledger_journal(p_user, v_item.id, NULL, v_item.item_name, 'transfer_out', NULL, -v_value,
      v_reference, p_actor, p_at);
    PERFORM ledger_journal(v_receiver, v_item.id, NULL, v_item.item_name, 'transfer_in', NULL, v_value,
      v_reference, NULL, p_at);
    v_quantity := NULL;
  END IF;

  INSERT INTO transfers (id, type, user_id, status, amount, counterparty_id,
    counterparty_account_number, user_masked_name, counterparty_masked_name, valuable_id,
    item_name, asset_symbol, quantity, language, decided_at, created_at, updated_at)
  VALUES (p_id, 'asset_transfer', p_user, 'completed', v_value, v_receiver, p_receiver_account,
    p_names->>'sender', p_names->>'receiver', v_item.id, v_item.item_name, v_item.asset_symbol,
    v_quantity, p_language, p_at, p_at, p_at)
  RETURNING * INTO v_row;
  PERFORM ledger_notify(v_receiver, 'valuables');
  PERFORM ledger_notify(v_receiver, 'requests');
  PERFORM ledger_notify(p_user, 'requests');
  RETURN ledger_answer(p_user, p_key, 201, transfer_json(v_row, p_user), 'valuables');
END;
$$;
--> statement-breakpoint
-- A request (DESIGN §5): a card or bank-transfer deposit, a withdrawal (cash debited at once,
-- to a bank account of the customer's, with approved KYC) or asset to cash (only up to the
-- unlocked holdings' value). It is pending; p_extra is added to the answer (a bank deposit's
-- instructions).
CREATE FUNCTION ledger_request(
  p_user uuid, p_actor uuid, p_at timestamptz, p_key text, p_hash text,
  p_id uuid, p_type text, p_amount numeric, p_reference text, p_details jsonb,
  p_language text, p_extra jsonb
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_replay jsonb;
  v_bank bank_accounts;
  v_available numeric;
  v_row transfers;
BEGIN
  v_replay := ledger_claim_key(p_user, p_key, p_hash, p_at);
  IF v_replay IS NOT NULL THEN
    RETURN v_replay;
  END IF;
  IF p_amount <= 0 OR p_amount <> trunc(p_amount, 2) THEN
    RAISE EXCEPTION 'a request is for whole cents above zero, not %', p_amount;
  END IF;
  IF p_type = 'withdrawal' THEN
    PERFORM ledger_require_kyc(p_user);
    -- FOR SHARE: removing this account waits for this request, and then sees it pending.
    SELECT * INTO v_bank FROM bank_accounts
    WHERE id = (p_details->>'bankAccountId')::uuid AND user_id = p_user
    FOR SHARE;
    IF NOT FOUND THEN
      PERFORM ledger_refuse('NOT_FOUND', '{"what": "bank_account"}');
    END IF;
    PERFORM ledger_move_cash(p_user, -p_amount, 'withdrawal', p_reference, p_actor, p_at);
  ELSIF p_type = 'asset_to_cash' THEN
    SELECT coalesce(sum(estimated_value), 0) INTO v_available FROM valuables
    WHERE user_id = p_user AND status = 'active' AND asset_symbol IS DISTINCT FROM 'USD'
      AND estimated_value > 0;
    IF v_available < p_amount THEN
      PERFORM ledger_refuse('INSUFFICIENT_ASSETS', jsonb_build_object(
        'wanted', p_amount::text, 'available', v_available::text));
    END IF;
  ELSIF p_type NOT IN ('card_deposit', 'bank_deposit') THEN
    RAISE EXCEPTION 'not a request type: %', p_type;
  END IF;
  INSERT INTO transfers (id, type, user_id, status, amount, reference, bank_account_id,
    bank_name, bank_account_number, card_last_four, card_type, language, created_at, updated_at)
  VALUES (p_id, p_type, p_user, 'pending', p_amount, p_reference, v_bank.id, v_bank.bank_name,
    v_bank.account_number, p_details->>'cardLastFour', p_details->>'cardType', p_language, p_at, p_at)
  RETURNING * INTO v_row;
  PERFORM ledger_notify(p_user, 'requests');
  RETURN ledger_answer(p_user, p_key, 201, transfer_json(v_row, p_user) || coalesce(p_extra, '{}'),
    'valuables');
END;
$$;
--> statement-breakpoint
-- Completing asset to cash: p_amount of the customer's unlocked holdings, largest value first
-- (SPEC §9), become p_amount of cash. A listed position gives up the quantity worth at least
-- what is left (rounded up to its quantity step), a custody item its value, whole or in part;
-- an emptied holding leaves the vault. The sub-cent difference goes to rounding. Returns null,
-- or the reason (a locale key) when the holdings no longer cover the amount, moving nothing.
CREATE FUNCTION ledger_convert_to_cash(
  p_user uuid, p_amount numeric, p_reference text, p_actor uuid, p_at timestamptz, p_assets jsonb
) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  v_item valuables;
  v_asset jsonb;
  v_available numeric;
  v_remaining numeric := p_amount;
  v_taken numeric := 0;
  v_scale numeric;
  v_quantity numeric;
  v_value numeric;
BEGIN
  PERFORM 1 FROM valuables WHERE user_id = p_user AND asset_symbol = 'USD' AND status = 'active'
  FOR UPDATE;
  PERFORM 1 FROM valuables
  WHERE user_id = p_user AND status = 'active' AND asset_symbol IS DISTINCT FROM 'USD'
    AND estimated_value > 0
  ORDER BY asset_symbol NULLS LAST, id
  FOR UPDATE;
  SELECT coalesce(sum(estimated_value), 0) INTO v_available FROM valuables
  WHERE user_id = p_user AND status = 'active' AND asset_symbol IS DISTINCT FROM 'USD'
    AND estimated_value > 0;
  IF v_available < p_amount THEN
    RETURN 'transfers:reasons.notCovered';
  END IF;
  FOR v_item IN
    SELECT * FROM valuables
    WHERE user_id = p_user AND status = 'active' AND asset_symbol IS DISTINCT FROM 'USD'
      AND estimated_value > 0
    ORDER BY estimated_value DESC, id
  LOOP
    EXIT WHEN v_remaining <= 0;
    v_asset := p_assets -> v_item.asset_symbol;
    IF v_asset IS NOT NULL THEN
      IF v_item.estimated_value <= v_remaining THEN
        v_quantity := v_item.quantity;
      ELSE
        v_scale := power(10::numeric, (v_asset->>'decimals')::int);
        v_quantity := least(v_item.quantity,
          ceil(v_remaining / (v_asset->>'price')::numeric * v_scale) / v_scale);
      END IF;
      v_value := v_quantity * (v_asset->>'price')::numeric;
      PERFORM ledger_move_position(p_user, v_item.asset_symbol, -v_quantity,
        (v_asset->>'price')::numeric, 'asset_to_cash', p_reference, p_actor, p_at, NULL);
    ELSE
      v_value := least(v_item.estimated_value, v_remaining);
      PERFORM ledger_journal(p_user, v_item.id, v_item.asset_symbol, v_item.item_name,
        'asset_to_cash', NULL, -v_value, p_reference, p_actor, p_at);
      IF v_value = v_item.estimated_value THEN
        DELETE FROM valuables WHERE id = v_item.id;
      ELSE
        UPDATE valuables SET estimated_value = estimated_value - v_value, updated_at = p_at
        WHERE id = v_item.id;
      END IF;
    END IF;
    v_remaining := v_remaining - v_value;
    v_taken := v_taken + v_value;
  END LOOP;
  PERFORM ledger_move_cash(p_user, p_amount, 'asset_to_cash', p_reference, p_actor, p_at);
  PERFORM ledger_round(v_taken - p_amount, p_reference, p_at);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A pending request made final, exactly once (DESIGN §5): by staff (p_customer null) to
-- completed, failed or cancelled, or by its customer (p_customer) cancelling a withdrawal.
-- Completing a deposit credits the cash; failing or cancelling a withdrawal refunds it;
-- completing asset to cash converts the holdings, or fails with the reason when they no longer
-- cover it. A request already final is refused with CONFLICT; concurrent changes wait on the
-- row lock, so one wins. The key is claimed under p_key_owner (the one who asked). The answer
-- is the staff row, or the customer's.
CREATE FUNCTION ledger_settle(
  p_id uuid, p_type text, p_status text, p_reason text, p_actor uuid, p_customer uuid,
  p_at timestamptz, p_key_owner uuid, p_key text, p_hash text, p_assets jsonb, p_ip text
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_replay jsonb;
  v_row transfers;
  v_status text := p_status;
  v_reason text := p_reason;
  v_reference text;
  v_failure text;
  v_body jsonb;
  -- The journal names staff who acted for the customer; a customer's own cancel names no one.
  v_actor uuid := CASE WHEN p_customer IS NULL THEN p_actor END;
BEGIN
  v_replay := ledger_claim_key(p_key_owner, p_key, p_hash, p_at);
  IF v_replay IS NOT NULL THEN
    RETURN v_replay;
  END IF;
  IF p_status NOT IN ('completed', 'failed', 'cancelled') THEN
    RAISE EXCEPTION 'not a final status: %', p_status;
  END IF;
  SELECT * INTO v_row FROM transfers
  WHERE id = p_id AND type = p_type AND (p_customer IS NULL OR user_id = p_customer)
  FOR UPDATE;
  IF NOT FOUND THEN
    PERFORM ledger_refuse('NOT_FOUND', '{"what": "transfer"}');
  END IF;
  -- No one decides a request of their own: a staff member completing their own deposit would
  -- credit cash no one confirmed arrived.
  IF p_customer IS NULL AND v_row.user_id = p_actor THEN
    PERFORM ledger_refuse('FORBIDDEN', '{"what": "own_request"}');
  END IF;
  IF v_row.status <> 'pending' THEN
    PERFORM ledger_refuse('CONFLICT', jsonb_build_object('status', v_row.status));
  END IF;
  -- A reason explains a request that did not go through; a completed one carries none.
  IF p_status = 'completed' THEN
    v_reason := NULL;
  END IF;
  v_reference := coalesce(v_row.reference, v_row.id::text);
  IF p_status = 'completed' THEN
    IF v_row.type IN ('card_deposit', 'bank_deposit') THEN
      PERFORM ledger_move_cash(v_row.user_id, v_row.amount, 'deposit', v_reference, v_actor, p_at);
    ELSIF v_row.type = 'asset_to_cash' THEN
      v_failure := ledger_convert_to_cash(v_row.user_id, v_row.amount, v_reference, v_actor, p_at, p_assets);
      IF v_failure IS NOT NULL THEN
        v_status := 'failed';
        v_reason := v_failure;
      END IF;
    END IF;
  ELSIF v_row.type = 'withdrawal' THEN
    PERFORM ledger_move_cash(v_row.user_id, v_row.amount, 'refund', v_reference, v_actor, p_at);
  END IF;
  UPDATE transfers SET status = v_status, reason = v_reason, decided_by = p_actor,
    decided_at = p_at, updated_at = p_at
  WHERE id = p_id
  RETURNING * INTO v_row;
  INSERT INTO audit_log (action, actor_id, subject_user_id, ip, details, created_at)
  VALUES ('transfer.status_changed', p_actor, v_row.user_id, p_ip, jsonb_build_object(
    'transferId', v_row.id, 'type', v_row.type, 'status', v_status, 'requested', p_status,
    'amount', v_row.amount::text, 'byCustomer', p_customer IS NOT NULL), p_at);
  PERFORM ledger_notify(v_row.user_id, 'valuables');
  PERFORM ledger_notify(v_row.user_id, 'requests');
  v_body := CASE WHEN p_customer IS NULL THEN admin_transfer_json(v_row)
    ELSE transfer_json(v_row, p_customer) END;
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET response_status = 200, response_body = v_body
    WHERE user_id = p_key_owner AND key = p_key;
  END IF;
  RETURN jsonb_build_object('replayed', false, 'status', 200, 'body', v_body);
END;
$$;
