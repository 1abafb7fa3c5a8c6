-- Tells a customer's open pages what changed (delivered at commit).
CREATE OR REPLACE FUNCTION ledger_notify(p_user uuid, p_topic text) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_notify('sv_user_events', json_build_object('userId', p_user, 'topic', p_topic)::text);
$$;
