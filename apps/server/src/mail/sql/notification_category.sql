-- What a notice is about (packages/shared/src/notifications.ts `notificationKinds`, which
-- mail/notify.test.ts holds equal to this): security notices are always mailed. A withdrawal asked
-- for is a security notice, since cash leaving the account is what a thief would do first.
CREATE OR REPLACE FUNCTION notification_category(p_kind text, p_data jsonb) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_kind = 'request_received' AND p_data #>> '{transfer,type}' = 'withdrawal' THEN 'security'
    WHEN p_kind IN ('transfer_sent', 'transfer_received', 'request_received', 'request_decided',
      'price_alert', 'recurring_buy', 'order_closed') THEN 'money'
    WHEN p_kind IN ('delivery_update', 'delivery_tracking', 'fixed_term_matured') THEN 'custody'
    WHEN p_kind = 'kyc_decided' THEN 'kyc'
    WHEN p_kind IN ('proposal_waiting', 'proposal_decided') THEN 'approvals'
    WHEN p_kind IN ('new_sign_in', 'password_changed', 'two_factor_changed', 'passkey_changed',
      'bank_account_added', 'notification_settings_changed', 'staff_signed_in',
      'password_reset_by_staff') THEN 'security'
  END;
$$;
