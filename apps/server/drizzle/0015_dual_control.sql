CREATE TABLE "staff_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"subject_user_id" uuid NOT NULL,
	"target_id" uuid,
	"origin_actor_id" uuid,
	"payload" jsonb NOT NULL,
	"amount" numeric(30, 8) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"maker_id" uuid NOT NULL,
	"checker_id" uuid,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "staff_proposals_kind_check" CHECK ("staff_proposals"."kind" in ('valuable_add', 'valuable_edit', 'valuable_delete', 'book_balance', 'request_decision')),
	CONSTRAINT "staff_proposals_status_check" CHECK ("staff_proposals"."status" in ('pending', 'approved', 'rejected', 'withdrawn')),
	CONSTRAINT "staff_proposals_maker_not_subject" CHECK ("staff_proposals"."maker_id" <> "staff_proposals"."subject_user_id"),
	CONSTRAINT "staff_proposals_checker_not_maker" CHECK ("staff_proposals"."checker_id" is null or ("staff_proposals"."checker_id" <> "staff_proposals"."maker_id" and "staff_proposals"."checker_id" <> "staff_proposals"."subject_user_id")),
	CONSTRAINT "staff_proposals_not_origin" CHECK ("staff_proposals"."origin_actor_id" is null or ("staff_proposals"."maker_id" <> "staff_proposals"."origin_actor_id" and "staff_proposals"."checker_id" is distinct from "staff_proposals"."origin_actor_id")),
	CONSTRAINT "staff_proposals_decided" CHECK (("staff_proposals"."status" = 'pending') = ("staff_proposals"."decided_at" is null) and ("staff_proposals"."status" in ('approved', 'rejected')) = ("staff_proposals"."checker_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
ALTER TABLE "staff_proposals" ADD CONSTRAINT "staff_proposals_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_proposals" ADD CONSTRAINT "staff_proposals_origin_actor_id_users_id_fk" FOREIGN KEY ("origin_actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_proposals" ADD CONSTRAINT "staff_proposals_maker_id_users_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_proposals" ADD CONSTRAINT "staff_proposals_checker_id_users_id_fk" FOREIGN KEY ("checker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_proposals_pending_idx" ON "staff_proposals" USING btree ("created_at","id") WHERE "staff_proposals"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "staff_proposals_one_pending_per_target" ON "staff_proposals" USING btree ("target_id") WHERE "staff_proposals"."status" = 'pending' and "staff_proposals"."target_id" is not null;--> statement-breakpoint
CREATE INDEX "staff_proposals_decided_idx" ON "staff_proposals" USING btree ("decided_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "staff_proposals_subject_idx" ON "staff_proposals" USING btree ("subject_user_id");--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Dual control (DESIGN §4, decision 018). A staff account is never the subject of a proposal
-- (staff are managed with `npm run admin`); a proposal deciding a request names, as its origin,
-- the staff member who made that request while signed in as the customer, whom the CHECKs keep
-- from making or approving it; and a decided proposal is final: only a pending one changes,
-- and only its status, checker, reason and time.
CREATE FUNCTION staff_proposals_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.status <> 'pending' THEN
      PERFORM ledger_refuse('CONFLICT', jsonb_build_object('proposal', OLD.status));
    END IF;
    IF (NEW.kind, NEW.subject_user_id, NEW.target_id, NEW.origin_actor_id, NEW.payload, NEW.amount,
        NEW.maker_id, NEW.created_at)
       IS DISTINCT FROM (OLD.kind, OLD.subject_user_id, OLD.target_id, OLD.origin_actor_id,
        OLD.payload, OLD.amount, OLD.maker_id, OLD.created_at) THEN
      RAISE EXCEPTION 'a proposal keeps what was proposed';
    END IF;
    RETURN NEW;
  END IF;
  IF EXISTS (SELECT 1 FROM user_roles WHERE user_id = NEW.subject_user_id AND role = 'admin') THEN
    PERFORM ledger_refuse('STAFF_ACCOUNT', '{}');
  END IF;
  IF NEW.kind = 'request_decision' THEN
    NEW.origin_actor_id := (SELECT actor_id FROM transfers WHERE id = NEW.target_id);
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER staff_proposals_guard BEFORE INSERT OR UPDATE ON staff_proposals
FOR EACH ROW EXECUTE FUNCTION staff_proposals_guard();
--> statement-breakpoint
-- Kept like the journal: a proposal is never deleted (a customer's account closing takes its
-- proposals with it only if no proposal was ever made on it).
CREATE FUNCTION staff_proposals_kept() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_proposals are kept: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER staff_proposals_no_delete BEFORE DELETE ON staff_proposals
FOR EACH ROW EXECUTE FUNCTION staff_proposals_kept();
--> statement-breakpoint
-- A request now records the staff member who made it while signed in as the customer
-- (p_actor), so that no one approves what they made themselves.
DROP FUNCTION ledger_request(uuid, uuid, timestamptz, text, text, uuid, text, numeric, text, jsonb, text, jsonb);
--> statement-breakpoint
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
    bank_name, bank_account_number, card_last_four, card_type, language, actor_id, created_at, updated_at)
  VALUES (p_id, p_type, p_user, 'pending', p_amount, p_reference, v_bank.id, v_bank.bank_name,
    v_bank.account_number, p_details->>'cardLastFour', p_details->>'cardType', p_language, p_actor, p_at, p_at)
  RETURNING * INTO v_row;
  PERFORM ledger_notify(p_user, 'requests');
  RETURN ledger_answer(p_user, p_key, 201, transfer_json(v_row, p_user) || coalesce(p_extra, '{}'),
    'valuables');
END;
$$;
--> statement-breakpoint
-- No one decides a request on their own account, nor one they made while signed in as the
-- customer (DESIGN §4: an impersonation is the staff member's own act).
DROP FUNCTION ledger_settle(uuid, text, text, text, uuid, uuid, timestamptz, uuid, text, text, jsonb, text);
--> statement-breakpoint
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
    PERFORM ledger_refuse('OWN_ACCOUNT', '{}');
  END IF;
  IF p_customer IS NULL AND v_row.actor_id = p_actor THEN
    PERFORM ledger_refuse('SAME_STAFF', '{}');
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
