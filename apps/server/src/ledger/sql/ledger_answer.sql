-- Stores the answer under the key, tells the user's open pages (delivered at commit), and
-- returns the outcome the caller sends.
CREATE OR REPLACE FUNCTION ledger_answer(p_user uuid, p_key text, p_status integer, p_body jsonb, p_topic text)
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
