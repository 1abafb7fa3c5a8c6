-- One transfer as its customer (p_viewer: the sender or the receiver) sees it.
CREATE OR REPLACE FUNCTION transfer_json(t transfers, p_viewer uuid) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', t.id, 'type', t.type, 'status', t.status, 'amount', t.amount::text,
    'reference', t.reference,
    'direction', CASE WHEN t.type = 'asset_transfer' THEN
      CASE WHEN t.user_id = p_viewer THEN 'out' ELSE 'in' END END,
    'counterpartyAccountNumber', CASE WHEN t.type = 'asset_transfer' THEN
      CASE WHEN t.user_id = p_viewer THEN t.counterparty_account_number
      ELSE (SELECT account_number FROM profiles WHERE user_id = t.user_id) END END,
    'counterpartyName', CASE WHEN t.user_id = p_viewer THEN t.counterparty_masked_name
      ELSE t.user_masked_name END,
    'itemName', t.item_name, 'assetSymbol', t.asset_symbol, 'quantity', t.quantity::text,
    'bankName', t.bank_name, 'bankAccountNumber', t.bank_account_number,
    'cardLastFour', t.card_last_four, 'cardType', t.card_type, 'reason', t.reason,
    'createdAt', to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(t.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
$$;
