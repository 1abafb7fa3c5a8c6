-- Tells a customer (or a staff member) of an event, in the transaction of the change it reports:
-- a notice in their notification centre, and the same template's mail (mail_enqueue) unless they
-- turned that category's mail off; security notices are always mailed, and staff's approvals
-- never (the queue they point to is in the app, and a mail per proposal would bury the rest). The notice's kind is the template's
-- name and its data the template's, so the centre words it as the mail does. Their open pages
-- hear of it after commit (ledger_notify). An unknown kind is refused, never kept unworded.
CREATE OR REPLACE FUNCTION notify_customer(
  p_user uuid, p_kind text, p_data jsonb, p_at timestamptz, p_request text
) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_category text := notification_category(p_kind, p_data);
BEGIN
  IF v_category IS NULL THEN
    RAISE EXCEPTION 'not a kind of notice: %', p_kind;
  END IF;
  INSERT INTO notifications (user_id, kind, category, data, created_at)
  VALUES (p_user, p_kind, v_category, p_data, p_at);
  PERFORM mail_enqueue(u.email, p_kind, p_data, p_at, p_request)
  FROM users u
  WHERE u.id = p_user AND v_category <> 'approvals'
    AND (v_category = 'security' OR NOT EXISTS (
      SELECT 1 FROM notification_mail_opt_outs o WHERE o.user_id = p_user AND o.category = v_category));
  PERFORM ledger_notify(p_user, 'notifications');
END;
$$;
