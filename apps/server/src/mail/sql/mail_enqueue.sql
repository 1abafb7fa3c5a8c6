-- Keeps a message in the mail queue inside the transaction of the change it reports (decision
-- 022): the template's name and the data it is rendered from (mail/templated.ts renders it when
-- it is sent), due at once. The process that made the change sends it after commit; every
-- process's job runner does, should that one stop first. A rolled-back change queues nothing.
CREATE OR REPLACE FUNCTION mail_enqueue(
  p_to text, p_template text, p_data jsonb, p_at timestamptz, p_request text
) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO mail_queue ("to", subject, text, template, data, next_attempt_at, created_at, request_id)
  VALUES (p_to, '', '', p_template, p_data, p_at, p_at, p_request);
$$;
