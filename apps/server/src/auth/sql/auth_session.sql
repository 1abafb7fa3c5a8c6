-- The live session a token hash belongs to (unknown, revoked, idle or past its end: no row).
-- Requests join it to their own query, so the session check costs no round trip of its own.
-- Two-factor means an authenticator app; a passkey is a second factor of its own (has_passkey).
CREATE OR REPLACE FUNCTION auth_session(p_token_hash text, p_now timestamptz, p_idle_since timestamptz)
RETURNS TABLE (
  session_id uuid, session_created_at timestamptz, last_seen_at timestamptz,
  expires_at timestamptz, restore_session_id uuid, second_factor_at timestamptz,
  passkey_at timestamptz, user_id uuid, email text, has_two_factor boolean, has_passkey boolean,
  has_admin_role boolean, impersonator_id uuid, impersonator_email text
)
LANGUAGE sql STABLE AS $$
  SELECT s.id, s.created_at, s.last_seen_at, s.expires_at, s.restore_session_id, s.second_factor_at,
    s.passkey_at, u.id, u.email,
    u.totp_secret IS NOT NULL, EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = u.id),
    EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role = 'admin'),
    i.id, i.email
  FROM sessions s
  JOIN users u ON u.id = s.user_id
  LEFT JOIN users i ON i.id = s.impersonator_id
  WHERE s.token_hash = p_token_hash AND s.revoked_at IS NULL
    AND s.expires_at > p_now AND s.last_seen_at > p_idle_since;
$$;
