// Passkeys in Chromium with its virtual authenticator (CDP WebAuthn): registered in Settings under
// a name, used to sign in alone and as the second factor after a password, refused when a cloned
// copy answers with a counter behind the real one, and removed. The server's own checks (origin,
// RP ID, replays, re-authentication) are in features/passkeys/passkeys.test.ts.
import type { CDPSession, Page } from '@playwright/test';
import { expect, test, waitForPage } from './support/fixtures.ts';
import { createCustomer, csrf, uniqueEmail } from './support/auth.ts';
import enAuth from '../apps/web/src/locales/en/auth.json' with { type: 'json' };
import arAuth from '../apps/web/src/locales/ar/auth.json' with { type: 'json' };
import enSettings from '../apps/web/src/locales/en/settings.json' with { type: 'json' };
import arSettings from '../apps/web/src/locales/ar/settings.json' with { type: 'json' };

const catalogs = {
  en: { auth: enAuth, settings: enSettings },
  ar: { auth: arAuth, settings: arSettings },
} as const;

interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
}

/** A platform authenticator that verifies the user (a fingerprint) without asking. */
async function addAuthenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

/**
 * Whether the authenticator answers at once. Chromium's answers even a request waiting in the
 * email field's autofill (a real browser waits for the customer to pick the passkey there), so
 * the steps that need the password form first turn it off, then on before their click.
 */
async function answerAtOnce(cdp: CDPSession, authenticatorId: string, enabled: boolean) {
  await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled });
}

async function credentialsOf(cdp: CDPSession, authenticatorId: string) {
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  return credentials as VirtualCredential[];
}

/** Puts `credential` (as it was when copied) in the authenticator in place of what it holds. */
async function holdOnly(cdp: CDPSession, authenticatorId: string, credential: VirtualCredential) {
  await cdp.send('WebAuthn.clearCredentials', { authenticatorId });
  await cdp.send('WebAuthn.addCredential', { authenticatorId, credential });
}

async function signOut(page: Page) {
  const res = await page.request.post('/api/v1/auth/sign-out', { headers: csrf });
  expect(res.status()).toBe(204);
}

async function addPasskey(page: Page, s: typeof enSettings, name: string) {
  await page.goto('/settings/security');
  await waitForPage(page);
  const card = page.getByTestId('passkeys-card');
  await expect(card.getByText(s.passkeys.none)).toBeVisible();
  await card.getByLabel(s.passkeys.name).fill(name);
  await card.getByRole('button', { name: s.passkeys.add }).click();
  await expect(page.getByText(s.passkeys.added)).toBeVisible();
  await expect(card.getByTestId('passkey-item')).toHaveText(new RegExp(name));
  await expect(card.getByTestId('passkey-item')).toContainText(s.passkeys.neverUsed);
}

test.describe('passkeys', () => {
  test('register, sign in alone and as the second factor, refuse a clone, remove (en)', async ({
    page,
    readMailbox,
    usePreferences,
  }) => {
    const { auth: t, settings: s } = catalogs.en;
    await usePreferences({ language: 'en' });
    const { cdp, id } = await addAuthenticator(page);
    const email = uniqueEmail('passkey-en');
    const password = 'passkey-password';
    await createCustomer(page.request, readMailbox, email, password);
    await addPasskey(page, s, 'Work laptop');

    // A passkey alone, offered in the email field's autofill: no email, no password.
    await signOut(page);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/dashboard$/);
    const afterFirstUse = (await credentialsOf(cdp, id))[0];
    expect(afterFirstUse?.signCount).toBeGreaterThan(0);

    // The password, then the passkey as the second step.
    await signOut(page);
    await answerAtOnce(cdp, id, false);
    await page.goto('/auth');
    await waitForPage(page);
    const form = page.getByRole('tabpanel');
    await form.getByLabel(t.fields.email, { exact: true }).fill(email);
    await form.getByLabel(t.fields.password, { exact: true }).fill(password);
    await form.getByRole('button', { name: t.signIn.submit, exact: true }).click();
    await expect(form.getByText(t.signIn.passkeyPrompt)).toBeVisible();
    await answerAtOnce(cdp, id, true);
    await form.getByRole('button', { name: t.signIn.passkeyUse }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const real = (await credentialsOf(cdp, id))[0];
    if (!real || !afterFirstUse) throw new Error('the authenticator holds no passkey');

    // A copy made after the first use answers with a counter the real one has passed: refused.
    await signOut(page);
    await holdOnly(cdp, id, afterFirstUse);
    await page.goto('/auth');
    await expect(page.getByText(t.codes.PASSKEY_INVALID)).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);

    // The real one still signs in, and its use shows in Settings; then it is removed.
    await holdOnly(cdp, id, real);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/settings/security');
    await waitForPage(page);
    const card = page.getByTestId('passkeys-card');
    await expect(card.getByTestId('passkey-item')).toContainText('Last used');
    await card.getByRole('button', { name: 'Remove the passkey Work laptop' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: s.passkeys.remove }).click();
    await expect(page.getByText(s.passkeys.removed)).toBeVisible();
    await expect(card.getByText(s.passkeys.none)).toBeVisible();
    const mail = await readMailbox(email);
    expect(mail.map((m) => m.subject)).toEqual(
      expect.arrayContaining(['Passkey added — Secure Vault', 'Passkey removed — Secure Vault']),
    );
  });

  test('register and sign in with a passkey in Arabic', async ({
    page,
    readMailbox,
    usePreferences,
    expectAccessible,
  }) => {
    const { auth: t, settings: s } = catalogs.ar;
    await usePreferences({ language: 'ar' });
    const { cdp, id } = await addAuthenticator(page);
    await createCustomer(page.request, readMailbox, uniqueEmail('passkey-ar'), 'passkey-password');
    await addPasskey(page, s, 'هاتفي');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectAccessible();

    await signOut(page);
    await answerAtOnce(cdp, id, false);
    await page.goto('/auth');
    await waitForPage(page);
    await answerAtOnce(cdp, id, true);
    await page.getByRole('button', { name: t.signIn.passkey }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
