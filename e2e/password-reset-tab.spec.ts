// Password Reset tab (SPEC §2 admin tab 5, §5; DESIGN: the customer is told): staff choose a
// customer, type a new password twice and see "Password reset"; the customer's open session is
// signed out, the old password no longer works and the new one does, and the customer got an
// email — in their language — that never contains the password.
import { randomUUID } from 'node:crypto';
import { type Page, request as playwrightRequest } from '@playwright/test';
import { e2eBaseUrl, expect, test, waitForPage } from './support/fixtures.ts';
import { createCustomer, csrf, uniqueEmail } from './support/auth.ts';
import { randomAddress } from './support/kyc-api.ts';
import { expectPageAccessible, openStaffPage, signInThroughForm } from './support/vault.ts';
import enAdmin from '../apps/web/src/locales/en/admin.json' with { type: 'json' };
import arAdmin from '../apps/web/src/locales/ar/admin.json' with { type: 'json' };
import enAuth from '../apps/web/src/locales/en/auth.json' with { type: 'json' };
import arAuth from '../apps/web/src/locales/ar/auth.json' with { type: 'json' };

const catalogs = { en: { admin: enAdmin, auth: enAuth }, ar: { admin: arAdmin, auth: arAuth } };

/** The subject of the email telling the customer staff reset their password. */
const resetSubject = {
  en: 'Your password was reset — Secure Vault',
  ar: 'تمت إعادة تعيين كلمة المرور — Secure Vault',
} as const;

for (const language of ['en', 'ar'] as const) {
  const { admin: a, auth: t } = catalogs[language];

  test.describe(`Password Reset tab (${language})`, () => {
    test.beforeEach(async ({ usePreferences }) => {
      await usePreferences({ language });
    });

    test('staff set a new password: the customer is signed out and told, without it', async ({
      page,
      browser,
      readMailbox,
    }) => {
      test.setTimeout(120_000);
      const email = uniqueEmail(`staff-reset-${language}`);
      const oldPassword = 'customer-old-password';
      // Hostile-looking but valid: the form and the email must not choke on it, nor repeat it.
      const newPassword = `N3w-"<b>&'${randomUUID().slice(0, 8)}`;
      const customerApi = await playwrightRequest.newContext({
        baseURL: e2eBaseUrl(),
        extraHTTPHeaders: { 'x-forwarded-for': randomAddress() },
      });
      let staffPage: Page | undefined;
      try {
        await createCustomer(customerApi, readMailbox, email, oldPassword);
        // The customer writes in their language: a request in it is what the server writes back
        // in (mail/customer-language.ts).
        const asked = await customerApi.post('/api/v1/me/deposits/bank', {
          headers: { ...csrf, 'idempotency-key': randomUUID(), 'accept-language': language },
          data: { amount: '25.00' },
        });
        expect(asked.status(), await asked.text()).toBe(201);

        // The customer is signed in on their own browser.
        await signInThroughForm(page, language, email, oldPassword);
        await waitForPage(page);

        staffPage = await openStaffPage(browser, {
          language,
          theme: language === 'ar' ? 'dark' : 'light',
        });
        await staffPage.getByRole('tab', { name: a.tabs.passwordReset, exact: true }).click();
        await expect(staffPage).toHaveURL(/\?tab=passwordReset$/);
        const panel = staffPage.getByRole('tabpanel', { name: a.tabs.passwordReset, exact: true });
        await panel
          .getByLabel(a.passwordReset.user, { exact: true })
          .selectOption({ label: email });
        await panel.getByLabel(a.passwordReset.newPassword, { exact: true }).fill(newPassword);
        // A mismatch is caught before anything is sent.
        await panel.getByLabel(a.passwordReset.confirmPassword, { exact: true }).fill('different');
        await panel.getByRole('button', { name: a.passwordReset.submit, exact: true }).click();
        await expect(panel.getByText(a.passwordReset.mismatch, { exact: true })).toBeVisible();
        await panel.getByLabel(a.passwordReset.confirmPassword, { exact: true }).fill(newPassword);
        await expectPageAccessible(staffPage);
        await panel.getByRole('button', { name: a.passwordReset.submit, exact: true }).click();
        await expect(staffPage.getByText(a.passwordReset.success, { exact: true })).toBeVisible();
        // Nothing lingers on the staff screen.
        await expect(panel.getByLabel(a.passwordReset.newPassword, { exact: true })).toHaveValue(
          '',
        );
        await expect(panel.getByLabel(a.passwordReset.user, { exact: true })).toHaveValue('');

        // The customer's session is over: the next page asks them to sign in.
        await expect
          .poll(async () => (await page.request.get('/api/v1/me/profile')).status())
          .toBe(401);
        await page.goto('/dashboard');
        await expect(page).toHaveURL(/\/auth/);

        // The old password is refused; the new one opens the vault.
        await waitForPage(page);
        const form = page.getByRole('tabpanel');
        await form.getByLabel(t.fields.email, { exact: true }).fill(email);
        await form.getByLabel(t.fields.password, { exact: true }).fill(oldPassword);
        await form.getByRole('button', { name: t.signIn.submit, exact: true }).click();
        await expect(page.getByText(t.codes.INVALID_CREDENTIALS).first()).toBeVisible();
        await expect(page).toHaveURL(/\/auth/);
        await signInThroughForm(page, language, email, newPassword);

        // Told by email, in their language, and never given the password that way.
        const mail = (await readMailbox(email)).find(
          (message) => message.subject === resetSubject[language],
        );
        expect(mail, 'the reset email').toBeDefined();
        expect(mail?.text).not.toContain(newPassword);
        expect(mail?.text).not.toContain(newPassword.slice(-8));
      } finally {
        await staffPage?.context().close();
        await customerApi.dispose();
      }
    });
  });
}
