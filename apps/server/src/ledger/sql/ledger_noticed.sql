-- A movement's outcome with the notices its transaction noted (ledger_notify), for a movement
-- that is a statement of its own: the server sends them once the statement has committed. The
-- outcome is this function's argument, so the movement has run before the notes are read.
CREATE OR REPLACE FUNCTION ledger_noticed(p_outcome jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
BEGIN
  RETURN p_outcome || jsonb_build_object(
    'notices', coalesce(nullif(current_setting('sv.notices', true), ''), '[]')::jsonb);
END;
$$;
