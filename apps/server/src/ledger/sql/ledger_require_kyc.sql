-- Refuses with KYC_REQUIRED unless the customer's identity verification is approved.
CREATE OR REPLACE FUNCTION ledger_require_kyc(p_user uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM kyc_verifications WHERE user_id = p_user AND status = 'approved') THEN
    PERFORM ledger_refuse('KYC_REQUIRED', '{}');
  END IF;
END;
$$;
