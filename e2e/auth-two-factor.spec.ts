// Two-factor sign-in: set up with the secret, recovery codes shown once, sign in with a TOTP code.
import { expect, test, waitForPage } from './support/fixtures.ts';
import { createCustomer, nextTotp, totp, uniqueEmail } from './support/auth.ts';
import enAuth from '../apps/web/src/locales/en/auth.json' with { type: 'json' };
import arAuth from '../apps/web/src/locales/ar/auth.json' with { type: 'json' };
import enSettings from '../apps/web/src/locales/en/settings.json' with { type: 'json' };
import arSettings from '../apps/web/src/locales/ar/settings.json' with { type: 'json' };
import enApp from '../apps/web/src/locales/en/app.json' with { type: 'json' };
import arApp from '../apps/web/src/locales/ar/app.json' with { type: 'json' };

const catalogs = {
  en: { auth: enAuth, settings: enSettings, app: enApp },
  ar: { auth: arAuth, settings: arSettings, app: arApp },
} as const;

for (const language of ['en', 'ar'] as const) {
  const { auth: t, settings: s, app } = catalogs[language];

  test.describe(`two-factor (${language})`, () => {
    test.beforeEach(async ({ usePreferences }) => {
      await usePreferences({ language });
    });

    test('turn on two-factor, then sign in with an authenticator code', async ({
      page,
      request,
      readMailbox,
      expectAccessible,
    }) => {
      // A code is accepted once, so signing in waits for the next 30-second step.
      test.setTimeout(120_000);
      const email = uniqueEmail(`totp-${language}`);
      const password = 'two-factor-password';
      await createCustomer(request, readMailbox, email, password);

      await page.goto('/auth');
      await waitForPage(page);
      let form = page.getByRole('tabpanel');
      await form.getByLabel(t.fields.email, { exact: true }).fill(email);
      await form.getByLabel(t.fields.password, { exact: true }).fill(password);
      await form.getByRole('button', { name: t.signIn.submit, exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard$/);

      await page.goto('/settings/security');
      await waitForPage(page);
      await expect(page.getByTestId('two-factor-status')).toHaveText(s.twoFactor.off);
      await page.getByRole('button', { name: s.twoFactor.setUp }).click();
      await expect(page.getByRole('img', { name: s.twoFactor.qrLabel })).toBeVisible();
      const secret = await page.getByTestId('totp-secret').getAttribute('data-secret');
      expect(secret).toMatch(/^[A-Z2-7]+=*$/);
      await expectAccessible();

      const codeField = page.getByLabel(s.twoFactor.step2);
      await codeField.fill(totp(secret as string));
      const enabledAt = Date.now();
      await page.getByRole('button', { name: s.twoFactor.enable, exact: true }).click();
      await expect(page.getByTestId('recovery-codes').getByRole('listitem')).not.toHaveCount(0);
      await expect(page.getByText(s.twoFactor.recoveryTitle)).toBeVisible();
      await page.getByRole('button', { name: s.twoFactor.savedCodes }).click();
      await expect(page.getByTestId('two-factor-status')).toHaveText(s.twoFactor.on);
      await expect(page.getByTestId('recovery-codes')).toHaveCount(0);

      await page.getByRole('button', { name: app.header.signOut, exact: true }).click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: app.signOut.confirm, exact: true })
        .click();
      await expect(page).toHaveURL(/\/$/);

      await page.goto('/auth');
      await waitForPage(page);
      form = page.getByRole('tabpanel');
      await form.getByLabel(t.fields.email, { exact: true }).fill(email);
      await form.getByLabel(t.fields.password, { exact: true }).fill(password);
      await form.getByRole('button', { name: t.signIn.submit, exact: true }).click();
      const totpField = form.getByLabel(t.fields.totp);
      await expect(totpField).toBeVisible();
      await expect(page.getByText(t.signIn.totpPrompt)).toBeVisible();
      await expect(page).toHaveURL(/\/auth$/);

      await totpField.fill('000000' === totp(secret as string) ? '111111' : '000000');
      await form.getByRole('button', { name: t.signIn.submit, exact: true }).click();
      await expect(page.getByText(t.codes.TOTP_INVALID)).toBeVisible();

      await totpField.fill(await nextTotp(secret as string, enabledAt));
      await form.getByRole('button', { name: t.signIn.submit, exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId('account-email')).toHaveText(email);
    });
  });
}
