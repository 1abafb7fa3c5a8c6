// Sign up with the emailed code, stay signed in across a reload, sign out, sign in again.
import { expect, test, waitForPage } from './support/fixtures.ts';
import { codePattern, uniqueEmail, waitForMail } from './support/auth.ts';
import enAuth from '../apps/web/src/locales/en/auth.json' with { type: 'json' };
import arAuth from '../apps/web/src/locales/ar/auth.json' with { type: 'json' };
import enApp from '../apps/web/src/locales/en/app.json' with { type: 'json' };
import arApp from '../apps/web/src/locales/ar/app.json' with { type: 'json' };

const catalogs = { en: { auth: enAuth, app: enApp }, ar: { auth: arAuth, app: arApp } } as const;

for (const language of ['en', 'ar'] as const) {
  const { auth: t, app } = catalogs[language];

  test.describe(`accounts (${language})`, () => {
    test.beforeEach(async ({ usePreferences }) => {
      await usePreferences({ language });
    });

    test('sign up with the emailed code, reload, sign out and sign in again', async ({
      page,
      readMailbox,
      expectAccessible,
    }) => {
      const email = uniqueEmail(`journey-${language}`);
      const password = 'correct horse battery';

      await page.goto('/auth');
      await waitForPage(page);
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await expectAccessible();

      await page.getByRole('tab', { name: t.signUp.tab }).click();
      await expect(page).toHaveURL(/\/auth\?tab=sign-up$/);
      const signUp = page.getByRole('tabpanel', { name: t.signUp.tab });
      await signUp.getByLabel(t.fields.email, { exact: true }).fill(email);
      await signUp.getByLabel(t.fields.password, { exact: true }).fill(password);
      await signUp.getByLabel(t.fields.confirmPassword, { exact: true }).fill('something else');
      await signUp.getByRole('button', { name: t.signUp.submit }).click();
      await expect(signUp.getByText(t.errors.passwordsDoNotMatch)).toBeVisible();
      await signUp.getByLabel(t.fields.confirmPassword, { exact: true }).fill(password);
      await signUp.getByRole('button', { name: t.signUp.submit }).click();

      const dialog = page.getByRole('dialog', { name: t.verify.title });
      await expect(dialog).toBeVisible();
      await expect(page.getByText(t.signUp.codeSent.title)).toBeVisible();
      await expect(dialog.getByRole('button', { name: t.verify.submit })).toBeDisabled();
      await expectAccessible();

      const code = await waitForMail(readMailbox, email, codePattern);
      await dialog.getByLabel(t.verify.codeLabel).fill(code);
      await dialog.getByRole('button', { name: t.verify.submit }).click();

      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByText(t.verify.success)).toBeVisible();
      await expect(page.getByTestId('account-email')).toHaveText(email);
      await expect(page.getByRole('link', { name: app.header.admin, exact: true })).toHaveCount(0);

      await page.reload();
      await waitForPage(page);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId('account-email')).toHaveText(email);

      // Signed in, /auth leads to the vault.
      await page.goto('/auth');
      await expect(page).toHaveURL(/\/dashboard$/);
      await waitForPage(page);

      await page.getByRole('button', { name: app.header.signOut, exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: app.signOut.title });
      await expect(confirm).toBeVisible();
      await confirm.getByRole('button', { name: app.signOut.cancel }).click();
      await expect(confirm).toBeHidden();
      await expect(page).toHaveURL(/\/dashboard$/);

      await page.getByRole('button', { name: app.header.signOut, exact: true }).click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: app.signOut.confirm, exact: true })
        .click();
      await expect(page).toHaveURL(/\/$/);
      await waitForPage(page);

      // Signed out, a signed-in page leads to /auth.
      await page.goto('/settings');
      await expect(page).toHaveURL(/\/auth$/);
      await waitForPage(page);

      const signIn = page.getByRole('tabpanel');
      await signIn.getByLabel(t.fields.email, { exact: true }).fill(email);
      await signIn.getByLabel(t.fields.password, { exact: true }).fill('wrong password');
      await signIn.getByRole('button', { name: t.signIn.submit, exact: true }).click();
      await expect(page.getByText(t.signIn.failed)).toBeVisible();
      await expect(page.getByText(t.codes.INVALID_CREDENTIALS)).toBeVisible();

      await signIn.getByLabel(t.fields.password, { exact: true }).fill(password);
      await signIn.getByRole('button', { name: t.signIn.submit, exact: true }).click();
      // Back to the page that asked for a session.
      await expect(page).toHaveURL(/\/settings$/);
      await expect(page.getByText(t.signIn.success)).toBeVisible();
      await expect(page.getByTestId('account-email')).toHaveText(email);
    });
  });
}
