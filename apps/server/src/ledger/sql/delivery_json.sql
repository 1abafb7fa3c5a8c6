-- One delivery request as its customer sees it.
CREATE OR REPLACE FUNCTION delivery_json(d deliveries) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', d.id, 'valuableId', d.valuable_id, 'itemName', d.item_name, 'itemType', d.item_type,
    'assetSymbol', d.asset_symbol, 'quantity', d.quantity::text, 'unit', d.unit,
    'estimatedValue', d.estimated_value::text, 'recipientName', d.recipient_name,
    'recipientEmail', d.recipient_email, 'recipientPhone', d.recipient_phone,
    'recipientAddress', d.recipient_address, 'status', d.status,
    'createdAt', custody_time(d.created_at), 'updatedAt', custody_time(d.updated_at),
    'tracking', coalesce((
      SELECT jsonb_agg(jsonb_build_object('id', r.id, 'deliveryId', r.delivery_id,
        'status', r.status, 'location', r.location, 'message', r.message,
        'createdAt', custody_time(r.created_at)) ORDER BY r.created_at DESC, r.id DESC)
      FROM delivery_tracking r WHERE r.delivery_id = d.id), '[]'::jsonb));
$$;
