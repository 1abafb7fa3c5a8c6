-- The same delivery as staff see it: with the customer's email.
CREATE OR REPLACE FUNCTION admin_delivery_json(d deliveries) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT delivery_json(d) || jsonb_build_object(
    'userId', d.user_id, 'userEmail', (SELECT email FROM users WHERE id = d.user_id));
$$;
