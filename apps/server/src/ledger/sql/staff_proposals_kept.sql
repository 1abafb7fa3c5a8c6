-- Kept like the journal: a proposal is never deleted (a customer's account closing takes its
-- proposals with it only if no proposal was ever made on it).
CREATE OR REPLACE FUNCTION staff_proposals_kept() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_proposals are kept: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
