-- A staff proposal decided once (DESIGN §4 "Dual control", decision 018): p_decision 'approve'
-- or 'reject' by another staff member (p_staff), or 'withdraw' by its maker. What it changes is
-- locked first (the profile, the request or the valuable: the routes that propose lock it before
-- meeting the proposal, so the other order would deadlock with them), then the proposal, which
-- must still be pending. No one decides a proposal on their own account (OWN_ACCOUNT), nor one
-- they made or whose request they made while signed in as the customer (SAME_STAFF); approving
-- refuses a subject who has become staff meanwhile (STAFF_ACCOUNT), and a valuable that changed
-- since the proposal (CONFLICT). Approval makes the change through the ledger's own functions as
-- the checker, in this statement; rejecting or withdrawing a book balance clears its pending
-- amount. A price change names no customer: its approval adds the proposed prices to the book as
-- the staff source, unless the book's price moved since it was proposed (CONFLICT); the server
-- tells every process of the new price once this has committed. Each decision is audited; an approved request's email is queued under p_request, the
-- approving request. Returns the request an approval settled, or null.
CREATE OR REPLACE FUNCTION ledger_decide_proposal(
  p_id uuid, p_staff uuid, p_decision text, p_reason text, p_at timestamptz, p_ip text,
  p_assets jsonb, p_request text
) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  v_row staff_proposals;
  v_item jsonb;
  v_before jsonb;
  v_found valuables;
  v_price asset_prices;
  v_details jsonb;
  v_settled uuid;
BEGIN
  SELECT * INTO v_row FROM staff_proposals WHERE id = p_id;
  IF FOUND THEN
    IF v_row.kind = 'book_balance' THEN
      PERFORM 1 FROM profiles WHERE user_id = v_row.subject_user_id FOR UPDATE;
    ELSIF v_row.kind = 'request_decision' AND v_row.target_id IS NOT NULL THEN
      PERFORM 1 FROM transfers WHERE id = v_row.target_id FOR UPDATE;
    ELSIF v_row.kind IN ('valuable_edit', 'valuable_delete') AND v_row.target_id IS NOT NULL THEN
      PERFORM 1 FROM valuables WHERE id = v_row.target_id FOR UPDATE;
    END IF;
  END IF;
  SELECT * INTO v_row FROM staff_proposals WHERE id = p_id FOR UPDATE;
  IF NOT FOUND THEN
    PERFORM ledger_refuse('NOT_FOUND', '{"what": "proposal"}');
  END IF;
  IF v_row.status <> 'pending' THEN
    PERFORM ledger_refuse('CONFLICT', jsonb_build_object('proposal', v_row.status));
  END IF;

  IF p_decision = 'withdraw' THEN
    IF v_row.maker_id <> p_staff THEN
      PERFORM ledger_refuse('FORBIDDEN', '{"what": "withdraw"}');
    END IF;
    UPDATE staff_proposals SET status = 'withdrawn', decided_at = p_at WHERE id = p_id;
  ELSE
    IF v_row.subject_user_id = p_staff THEN
      PERFORM ledger_refuse('OWN_ACCOUNT', '{}');
    END IF;
    IF v_row.maker_id = p_staff OR v_row.origin_actor_id = p_staff THEN
      PERFORM ledger_refuse('SAME_STAFF', '{}');
    END IF;
    IF p_decision = 'reject' THEN
      UPDATE staff_proposals SET status = 'rejected', checker_id = p_staff, reason = p_reason,
        decided_at = p_at
      WHERE id = p_id;
    ELSIF p_decision = 'approve' THEN
      -- Its customer may have become staff while it waited: approving would change a staff
      -- account (rejecting or withdrawing changes nothing, so those still clear the queue).
      IF v_row.kind <> 'price_change'
        AND NOT EXISTS (SELECT 1 FROM users WHERE id = v_row.subject_user_id) THEN
        PERFORM ledger_refuse('NOT_FOUND', '{"what": "user"}');
      END IF;
      IF EXISTS (SELECT 1 FROM user_roles WHERE user_id = v_row.subject_user_id AND role = 'admin') THEN
        PERFORM ledger_refuse('STAFF_ACCOUNT', '{}');
      END IF;
      UPDATE staff_proposals SET status = 'approved', checker_id = p_staff, decided_at = p_at
      WHERE id = p_id;
    ELSE
      RAISE EXCEPTION 'not a decision: %', p_decision;
    END IF;
  END IF;

  IF p_decision = 'approve' THEN
    v_item := v_row.payload -> 'item';
    v_before := v_row.payload -> 'before';
    IF v_row.kind IN ('valuable_edit', 'valuable_delete') THEN
      -- The valuable as it was when proposed, or the proposal no longer says what it changes.
      SELECT * INTO v_found FROM valuables
      WHERE id = v_row.target_id AND user_id = v_row.subject_user_id FOR UPDATE;
      IF NOT FOUND THEN
        PERFORM ledger_refuse('NOT_FOUND', '{}');
      END IF;
      IF v_found.status <> 'active' OR v_found.item_name <> v_before ->> 'itemName'
        OR v_found.estimated_value IS DISTINCT FROM (v_before ->> 'estimatedValue')::numeric
        OR v_found.quantity IS DISTINCT FROM (v_before ->> 'quantity')::numeric THEN
        PERFORM ledger_refuse('CONFLICT', '{"what": "changed"}');
      END IF;
    END IF;
    v_details := jsonb_build_object('proposalId', p_id, 'makerId', v_row.maker_id);
    IF v_row.kind = 'valuable_add' THEN
      v_details := v_details || jsonb_build_object('itemType', v_item -> 'itemType',
        'itemName', CASE WHEN v_item ->> 'itemType' = 'cash' THEN 'null'::jsonb ELSE v_item -> 'itemName' END,
        'estimatedValue', v_item -> 'estimatedValue');
      IF v_item ->> 'itemType' = 'cash' THEN
        PERFORM ledger_staff_cash(p_user => v_row.subject_user_id, p_actor => p_staff, p_at => p_at,
          p_kind => 'admin_add', p_amount => coalesce((v_item ->> 'estimatedValue')::numeric, 0),
          p_audit_action => 'admin.valuable_added', p_audit_details => v_details, p_ip => p_ip,
          p_item => v_row.payload -> 'label' ->> 'name', p_note => v_row.payload -> 'label' ->> 'note');
      ELSE
        PERFORM ledger_staff_item(p_user => v_row.subject_user_id, p_actor => p_staff, p_at => p_at,
          p_valuable => NULL, p_item => v_item, p_audit_action => 'admin.valuable_added',
          p_audit_details => v_details, p_ip => p_ip);
      END IF;
    ELSIF v_row.kind = 'valuable_edit' THEN
      v_details := v_details || jsonb_build_object('valuableId', v_row.target_id);
      IF v_found.asset_symbol = 'USD' THEN
        v_details := v_details || jsonb_build_object('before', v_before, 'after', v_before
          || jsonb_build_object('estimatedValue', coalesce(v_item ->> 'estimatedValue', '0')));
        PERFORM ledger_staff_cash(p_user => v_row.subject_user_id, p_actor => p_staff, p_at => p_at,
          p_kind => 'admin_edit', p_amount => coalesce((v_item ->> 'estimatedValue')::numeric, 0),
          p_audit_action => 'admin.valuable_edited', p_audit_details => v_details, p_ip => p_ip,
          p_item => v_row.payload -> 'label' ->> 'name', p_note => v_row.payload -> 'label' ->> 'note');
      ELSE
        -- ledger_staff_item adds the item's fields before and after, as it reads and writes them.
        PERFORM ledger_staff_item(p_user => v_row.subject_user_id, p_actor => p_staff, p_at => p_at,
          p_valuable => v_row.target_id, p_item => v_item, p_audit_action => 'admin.valuable_edited',
          p_audit_details => v_details, p_ip => p_ip);
      END IF;
    ELSIF v_row.kind = 'valuable_delete' THEN
      v_details := v_details || jsonb_build_object('valuableId', v_row.target_id, 'before', v_before);
      IF v_found.asset_symbol = 'USD' THEN
        PERFORM ledger_staff_cash(p_user => v_row.subject_user_id, p_actor => p_staff, p_at => p_at,
          p_kind => 'admin_delete', p_amount => 0, p_audit_action => 'admin.valuable_deleted',
          p_audit_details => v_details, p_ip => p_ip);
      ELSE
        PERFORM ledger_staff_item(p_user => v_row.subject_user_id, p_actor => p_staff, p_at => p_at,
          p_valuable => v_row.target_id, p_item => NULL, p_audit_action => 'admin.valuable_deleted',
          p_audit_details => v_details, p_ip => p_ip);
      END IF;
    ELSIF v_row.kind = 'book_balance' THEN
      PERFORM ledger_book_balance(p_user => v_row.subject_user_id, p_maker => v_row.maker_id,
        p_checker => p_staff, p_amount => round((v_row.payload ->> 'amount')::numeric, 2),
        p_proposal => p_id, p_at => p_at, p_ip => p_ip);
    ELSIF v_row.kind = 'price_change' THEN
      SELECT * INTO v_price FROM asset_prices WHERE symbol = v_row.payload ->> 'symbol'
      ORDER BY id DESC LIMIT 1;
      IF NOT FOUND OR v_price.buy <> (v_row.payload ->> 'buyBefore')::numeric
        OR v_price.sell <> (v_row.payload ->> 'sellBefore')::numeric THEN
        PERFORM ledger_refuse('CONFLICT', '{"what": "changed"}');
      END IF;
      INSERT INTO asset_prices (symbol, buy, sell, effective_at, source)
      VALUES (v_price.symbol, (v_row.payload ->> 'buy')::numeric,
        (v_row.payload ->> 'sell')::numeric, p_at, 'staff');
    ELSIF v_row.kind = 'request_decision' THEN
      PERFORM ledger_settle(p_id => v_row.target_id, p_type => v_row.payload ->> 'requestType',
        p_status => v_row.payload ->> 'status', p_reason => v_row.payload ->> 'reason',
        p_actor => p_staff, p_customer => NULL, p_at => p_at, p_key_owner => p_staff, p_key => NULL,
        p_hash => NULL, p_assets => p_assets, p_ip => p_ip, p_request => p_request);
      v_settled := v_row.target_id;
    END IF;
  ELSIF v_row.kind = 'book_balance' THEN
    -- A book balance rejected or withdrawn: the pending amount it put on the profile goes.
    UPDATE profiles SET book_balance = 0, book_balance_recorded_by = NULL,
      book_balance_recorded_at = NULL, updated_at = p_at
    WHERE user_id = v_row.subject_user_id AND book_balance_recorded_by = v_row.maker_id;
    PERFORM ledger_notify(v_row.subject_user_id, 'profile');
  END IF;

  INSERT INTO audit_log (action, actor_id, subject_user_id, ip, details, created_at)
  VALUES ('admin.proposal_' || CASE p_decision WHEN 'approve' THEN 'approved'
      WHEN 'reject' THEN 'rejected' ELSE 'withdrawn' END,
    p_staff, v_row.subject_user_id, p_ip,
    jsonb_build_object('proposalId', p_id, 'kind', v_row.kind, 'amount', v_row.amount::text)
      || CASE WHEN v_row.kind = 'price_change' THEN v_row.payload ELSE '{}'::jsonb END
      || CASE WHEN p_decision = 'withdraw' THEN '{}'::jsonb
        ELSE jsonb_build_object('makerId', v_row.maker_id) END
      || CASE WHEN p_decision = 'reject' THEN jsonb_build_object('reason', p_reason)
        ELSE '{}'::jsonb END,
    p_at);
  RETURN v_settled;
END;
$$;
