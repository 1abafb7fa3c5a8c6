-- The language to write to a customer in when they did not just ask for something themselves (a
-- transfer received, a reset by staff): the account stores none, so their latest request's
-- language is the trace of it, else English.
CREATE OR REPLACE FUNCTION customer_language(p_user uuid) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN latest.language IN ('en', 'ar') THEN latest.language ELSE 'en' END
  FROM (SELECT (SELECT t.language FROM transfers t WHERE t.user_id = p_user
                ORDER BY t.created_at DESC LIMIT 1) AS language) latest;
$$;
