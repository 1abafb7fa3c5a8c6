// Passkeys in the browser (issue 28): a fresh challenge from the server, then the browser's own
// prompt through @simplewebauthn/browser, which turns its binary answer into the JSON the server
// checks. Nothing here decides anything: every check is the server's.
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  WebAuthnError,
} from '@simplewebauthn/browser';
import * as passkeyApi from '@secure-vault/shared/passkeys/contracts';
import type { PasskeyAssertion, PasskeyAttestation } from '@secure-vault/shared/passkeys';
import { callApi } from './api-client';

/** This browser can make and use passkeys. */
export function canUsePasskeys(): boolean {
  return browserSupportsWebAuthn();
}

/** This browser offers passkeys in the email field's autofill (conditional UI). */
export function canOfferPasskeysInAutofill(): Promise<boolean> {
  return browserSupportsWebAuthnAutofill();
}

/**
 * Asks the browser for one of this site's passkeys. With `autofill`, the request waits quietly
 * for the customer to choose a passkey in the email field's suggestions; otherwise the browser
 * shows its prompt now. Starting another request, or `stopPasskeyRequest`, ends a waiting one.
 */
export async function answerWithPasskey({ autofill = false } = {}): Promise<PasskeyAssertion> {
  const { options } = await callApi(passkeyApi.passkeyChallenge);
  const answer = await startAuthentication({ optionsJSON: options, useBrowserAutofill: autofill });
  // Extension results are the browser's report, which the server does not rely on.
  return { ...answer, clientExtensionResults: {} };
}

export type PasskeyCreationOptions = Parameters<typeof startRegistration>[0]['optionsJSON'];

/** Makes a new passkey for the signed-in account with the server's options for it. */
export async function createPasskey(options: PasskeyCreationOptions): Promise<PasskeyAttestation> {
  const answer = await startRegistration({ optionsJSON: options });
  return { ...answer, clientExtensionResults: {} };
}

/** Ends a passkey request still waiting (the autofill one, when the page goes). */
export function stopPasskeyRequest(): void {
  WebAuthnAbortService.cancelCeremony();
}

/**
 * Why a passkey request ended without an answer, in the words the screens use: the customer
 * closed the prompt (or it timed out, which browsers report the same way), this device already
 * holds one of the account's passkeys, or something else.
 */
export function passkeyFailureOf(error: unknown): 'cancelled' | 'alreadyRegistered' | 'failed' {
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_CEREMONY_ABORTED') return 'cancelled';
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'alreadyRegistered';
  }
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) {
    return 'cancelled';
  }
  return 'failed';
}
