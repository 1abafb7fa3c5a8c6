-- Cash is always whole cents (DESIGN §2). Cash held before this rule carried fractions of a
-- cent (6989.999982, shown as $6,990.00); bring each balance to the cents the customer saw
-- (rounded half up) and journal the difference on both sides: the customer's cash and the
-- platform's rounding account, so holdings still equal their journal and value is conserved.
WITH fractional AS (
  SELECT id, user_id, estimated_value AS before, round(estimated_value, 2) AS after
  FROM valuables
  WHERE asset_symbol = 'USD' AND estimated_value <> round(estimated_value, 2)
), moved AS (
  UPDATE valuables v SET estimated_value = f.after, updated_at = now()
  FROM fractional f
  WHERE v.id = f.id
  RETURNING f.id, f.user_id, f.before, f.after
), customer_side AS (
  INSERT INTO ledger_entries (user_id, valuable_id, asset_symbol, item_name, kind, value_delta, reference, created_at)
  SELECT user_id, id, 'USD', 'Cash', 'rounding', after - before, 'whole-cents', now() FROM moved
)
INSERT INTO ledger_entries (user_id, valuable_id, asset_symbol, item_name, kind, value_delta, reference, created_at)
SELECT NULL, NULL, 'USD', NULL, 'rounding', before - after, 'whole-cents', now() FROM moved;
