-- What the audit log keeps of a valuable (ledger/proposals.ts snapshotOf): its fields as the
-- API shows them, decimals as text.
CREATE OR REPLACE FUNCTION valuable_snapshot(p_row valuables) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object(
    'itemName', p_row.item_name,
    'itemType', p_row.item_type,
    'estimatedValue', p_row.estimated_value::text,
    'quantity', p_row.quantity::text,
    'description', p_row.description,
    'storageLocation', p_row.storage_location);
$$;
