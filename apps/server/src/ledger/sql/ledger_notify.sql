-- Notes, for this transaction only, that a customer's open pages should refetch a topic. Nothing
-- is sent here: NOTIFY inside a money transaction takes a lock held to its commit, so notifying
-- transactions would commit one at a time. The server reads the notes where the statement or
-- transaction ends (ledger_noticed, db/notices.ts) and sends them, coalesced, once it has
-- committed. A rolled-back transaction or savepoint takes its notes with it.
CREATE OR REPLACE FUNCTION ledger_notify(p_user uuid, p_topic text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_notices jsonb := coalesce(nullif(current_setting('sv.notices', true), ''), '[]')::jsonb;
  v_notice jsonb := jsonb_build_array(jsonb_build_object('userId', p_user, 'topic', p_topic));
BEGIN
  IF NOT v_notices @> v_notice THEN
    PERFORM set_config('sv.notices', (v_notices || v_notice)::text, true);
  END IF;
END;
$$;
