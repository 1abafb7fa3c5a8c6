import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface TwoFactorSetup {
  /** Base32, for typing into an authenticator app by hand. */
  secret: string;
  /** otpauth://totp/… for the QR code. */
  otpauthUri: string;
}

/** Starts two-factor set-up: a new secret, not yet active until a code from it is confirmed. */
export function setUpTwoFactor(): Promise<TwoFactorSetup> {
  return api.post<TwoFactorSetup>('/auth/totp/setup');
}

export function useSetUpTwoFactor() {
  return useMutation({ mutationFn: setUpTwoFactor });
}
