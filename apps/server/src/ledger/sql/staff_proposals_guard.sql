-- Dual control (DESIGN §4, decision 018). A staff account is never the subject of a proposal
-- (staff are managed with `npm run admin`); a proposal deciding a request names, as its origin,
-- the staff member who made that request while signed in as the customer, whom the CHECKs keep
-- from making or approving it; and a decided proposal is final: only a pending one changes,
-- and only its status, checker, reason and time.
CREATE OR REPLACE FUNCTION staff_proposals_guard() RETURNS trigger
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
