-- Sessions remember when the customer last gave their password in them (its sign-in, or confirming it
-- again, auth/confirm-password.ts): turning two-factor on and ending sessions need it recent.
ALTER TABLE "sessions" ADD COLUMN "password_confirmed_at" timestamp with time zone;