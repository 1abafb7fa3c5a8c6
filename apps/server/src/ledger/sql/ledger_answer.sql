-- Stores the answer under the key, notes that the user's open pages should refetch the topic
-- (sent after commit: ledger_notify), and returns the outcome the caller sends.
CREATE OR REPLACE FUNCTION ledger_answer(p_user uuid, p_key text, p_status integer, p_body jsonb, p_topic text)
RETURNS jsonb
LANGUAGE plpgsql AS $$
BEGIN
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET response_status = p_status, response_body = p_body
    WHERE user_id = p_user AND key = p_key;
  END IF;
  PERFORM ledger_notify(p_user, p_topic);
  RETURN jsonb_build_object('replayed', false, 'status', p_status, 'body', p_body);
END;
$$;
