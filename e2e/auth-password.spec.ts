// Forgot password by the emailed link, and change password in Settings.
import { expect, test, waitForPage } from './support/fixtures.ts';
import { createCustomer, resetLinkPattern, uniqueEmail, waitForMail } from './support/auth.ts';
import enAuth from '../apps/web/src/locales/en/auth.json' with { type: 'json' };
import arAuth from '../apps/web/src/locales/ar/auth.json' with { type: 'json' };
import enSettings from '../apps/web/src/locales/en/settings.json' with { type: 'json' };
import arSettings from '../apps/web/src/locales/ar/settings.json' with { type: 'json' };
import enApp from '../apps/web/src/locales/en/app.json' with { type: 'json' };
import arApp from '../apps/web/src/locales/ar/app.json' with { type: 'json' };
import type { Page } from '@playwright/test';

const catalogs = {
  en: { auth: enAuth, settings: enSettings, app: enApp },
  ar: { auth: arAuth, settings: arSettings, app: arApp },
} as const;

for (const language of ['en', 'ar'] as const) {
  const { auth: t, settings: s, app } = catalogs[language];

  async function signIn(page: Page, email: string, password: string) {
    await page.goto('/auth');
    await waitForPage(page);
    const form = page.getByRole('tabpanel');
    await form.getByLabel(t.fields.email, { exact: true }).fill(email);
    await form.getByLabel(t.fields.password, { exact: true }).fill(password);
    await form.getByRole('button', { name: t.signIn.submit, exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  }

  async function signOut(page: Page) {
    await page.getByRole('button', { name: app.header.signOut, exact: true }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: app.signOut.confirm, exact: true })
      .click();
    await expect(page).toHaveURL(/\/$/);
  }

  test.describe(`passwords (${language})`, () => {
    test.beforeEach(async ({ usePreferences }) => {
      await usePreferences({ language });
    });

    test('a link-less /update-password asks for a new link', async ({ page, expectAccessible }) => {
      await page.goto('/update-password');
      await waitForPage(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.update.invalidTitle);
      await expect(page.getByText(t.update.invalidDescription)).toBeVisible();
      await expectAccessible();
      await page.getByRole('link', { name: t.update.requestNewLink }).click();
      await expect(page).toHaveURL(/\/reset-password$/);
    });

    test('forgot password: the emailed link sets a new password and signs in', async ({
      page,
      request,
      readMailbox,
      expectAccessible,
    }) => {
      const email = uniqueEmail(`forgot-${language}`);
      await createCustomer(request, readMailbox, email, 'original-password');

      await page.goto('/auth');
      await waitForPage(page);
      await page.getByRole('link', { name: t.signIn.forgotPassword }).click();
      await expect(page).toHaveURL(/\/reset-password$/);
      await waitForPage(page);
      await expectAccessible();
      await page.getByLabel(t.fields.email).fill(email);
      await page.getByRole('button', { name: t.reset.submit }).click();
      await expect(page.getByRole('heading', { name: t.reset.sentTitle })).toBeVisible();

      const link = await waitForMail(readMailbox, email, resetLinkPattern, 2);
      await page.goto(link);
      await waitForPage(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.update.title);
      // The token leaves the address bar once read.
      await expect(page).toHaveURL(/\/update-password$/);
      await expectAccessible();

      await page.getByLabel(t.fields.newPassword, { exact: true }).fill('brand-new-password');
      await page.getByLabel(t.fields.confirmPassword, { exact: true }).fill('brand-new-passw0rd');
      await page.getByRole('button', { name: t.update.submit }).click();
      await expect(page.getByText(t.errors.passwordsDoNotMatch)).toBeVisible();
      await page.getByLabel(t.fields.confirmPassword, { exact: true }).fill('brand-new-password');
      await page.getByRole('button', { name: t.update.submit }).click();

      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByText(t.update.success)).toBeVisible();
      await expect(page.getByTestId('account-email')).toHaveText(email);

      // The link works once, and says so as soon as it is opened again.
      await signOut(page);
      await page.goto(link);
      await waitForPage(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.update.invalidTitle);
      await expect(page.getByLabel(t.fields.newPassword, { exact: true })).toHaveCount(0);

      await signIn(page, email, 'brand-new-password');
    });

    test('change password in Settings', async ({
      page,
      request,
      readMailbox,
      expectAccessible,
    }) => {
      const email = uniqueEmail(`change-${language}`);
      await createCustomer(request, readMailbox, email, 'original-password');
      await signIn(page, email, 'original-password');

      await page.getByRole('link', { name: app.header.settings, exact: true }).click();
      await expect(page).toHaveURL(/\/settings$/);
      await waitForPage(page);
      await expect(page.getByRole('heading', { name: s.account.title })).toBeVisible();
      await expect(page.getByLabel(s.account.email)).toHaveValue(email);
      // Each section of Settings is its own page, reached from the section nav.
      const sections = page.getByRole('navigation', { name: s.sections.nav });
      await sections.getByRole('link', { name: s.sections.sessions, exact: true }).click();
      await expect(page).toHaveURL(/\/settings\/sessions$/);
      // Signed in twice: here, and by the API call that created the account.
      await expect(page.getByTestId('session-item')).toHaveCount(2);
      await expect(page.getByText(s.sessions.thisDevice, { exact: true })).toHaveCount(1);
      await expectAccessible();
      await page.getByRole('button', { name: s.sessions.endOthers }).click();
      await expect(page.getByText(s.sessions.othersEnded)).toBeVisible();
      await expect(page.getByTestId('session-item')).toHaveCount(1);
      expect((await request.get('/api/v1/auth/session')).status()).toBe(401);

      await sections.getByRole('link', { name: s.sections.security, exact: true }).click();
      await expect(page).toHaveURL(/\/settings\/security$/);
      await page.getByLabel(s.password.current, { exact: true }).fill('original-password');
      await page.getByLabel(s.password.new, { exact: true }).fill('12345');
      await page.getByLabel(s.password.confirm, { exact: true }).fill('123456');
      await page.getByRole('button', { name: s.password.submit }).click();
      await expect(page.getByText(t.errors.passwordTooShort).first()).toBeVisible();
      await expect(page.getByText(s.errors.newPasswordsDoNotMatch).first()).toBeVisible();

      await page.getByLabel(s.password.current, { exact: true }).fill('not-my-password');
      await page.getByLabel(s.password.new, { exact: true }).fill('changed-password');
      await page.getByLabel(s.password.confirm, { exact: true }).fill('changed-password');
      await page.getByRole('button', { name: s.password.submit }).click();
      await expect(page.getByText(s.password.failed)).toBeVisible();
      await expect(page.getByText(t.codes.PASSWORD_INCORRECT).first()).toBeVisible();

      await page.getByLabel(s.password.current, { exact: true }).fill('original-password');
      await page.getByRole('button', { name: s.password.submit }).click();
      await expect(page.getByText(s.password.success)).toBeVisible();

      await signOut(page);
      await signIn(page, email, 'changed-password');
    });
  });
}
