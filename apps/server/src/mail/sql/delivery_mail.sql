-- The customer's email of where their delivery stands, queued in the transaction that moved it
-- (decision 022), in the language they asked in, rendered when sent (mail/templated.ts).
CREATE OR REPLACE FUNCTION delivery_mail(p_delivery deliveries, p_at timestamptz, p_request text)
RETURNS void
LANGUAGE sql AS $$
  SELECT notify_customer(p_delivery.user_id, 'delivery_update', jsonb_build_object(
      'language', p_delivery.language, 'itemName', p_delivery.item_name,
      'recipientName', p_delivery.recipient_name, 'status', p_delivery.status,
      'reference', p_delivery.id), p_at, p_request);
$$;
