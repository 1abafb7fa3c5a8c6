// Staff view a customer's account through a one-time link, see the banner, and return to admin.
import { expect, test, waitForPage } from './support/fixtures.ts';
import { createCustomer, csrf, staff, uniqueEmail } from './support/auth.ts';
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

  test.describe(`impersonation (${language})`, () => {
    test.beforeEach(async ({ usePreferences }) => {
      await usePreferences({ language });
    });

    test('a customer is kept out of /admin', async ({ page, request, readMailbox }) => {
      const email = uniqueEmail(`not-staff-${language}`);
      await createCustomer(request, readMailbox, email, 'customer-password');
      await page.goto('/auth');
      await waitForPage(page);
      const form = page.getByRole('tabpanel');
      await form.getByLabel(t.fields.email, { exact: true }).fill(email);
      await form.getByLabel(t.fields.password, { exact: true }).fill('customer-password');
      await form.getByRole('button', { name: t.signIn.submit, exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/admin');
      await expect(page).toHaveURL(/\/dashboard$/);
    });

    test('staff open a customer account and return to admin', async ({
      page,
      request,
      readMailbox,
    }) => {
      const email = uniqueEmail(`viewed-${language}`);
      const customer = await createCustomer(request, readMailbox, email, 'customer-password');

      await page.goto('/auth');
      await waitForPage(page);
      const form = page.getByRole('tabpanel');
      await form.getByLabel(t.fields.email, { exact: true }).fill(staff.email);
      await form.getByLabel(t.fields.password, { exact: true }).fill(staff.password);
      await form.getByRole('button', { name: t.signIn.submit, exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.getByRole('link', { name: app.header.admin, exact: true }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(app.admin.title);

      const res = await page.request.post(`/api/v1/admin/users/${customer.id}/impersonate`, {
        headers: csrf,
      });
      expect(res.status()).toBe(200);
      const { actionLink } = (await res.json()) as { actionLink: string };
      expect(actionLink).toContain('/admin/impersonate#token=');

      await page.goto(actionLink);
      await expect(page.getByText(t.impersonate.signedIn, { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard$/);
      const banner = page.getByTestId('impersonation-banner');
      await expect(banner).toContainText(email);
      await expect(banner).toContainText(staff.email);
      await expect(page.getByTestId('account-email')).toHaveText(email);
      await expect(page.getByRole('link', { name: app.header.admin, exact: true })).toHaveCount(0);

      // Password and two-factor belong to the customer.
      await page.getByRole('link', { name: app.header.settings, exact: true }).click();
      await waitForPage(page);
      await page
        .getByRole('navigation', { name: s.sections.nav })
        .getByRole('link', { name: s.sections.security, exact: true })
        .click();
      await expect(page).toHaveURL(/\/settings\/security$/);
      await expect(page.getByTestId('impersonation-settings-notice')).toContainText(
        s.impersonation.title,
      );
      await expect(page.getByRole('button', { name: s.password.submit })).toHaveCount(0);
      await expect(page.getByTestId('impersonation-banner')).toBeVisible();

      await banner.getByRole('button', { name: app.impersonation.return }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByTestId('account-email')).toHaveText(staff.email);
      await expect(page.getByTestId('impersonation-banner')).toHaveCount(0);

      // The link worked once.
      await page.goto(actionLink);
      await expect(page.getByRole('heading', { name: t.impersonate.failed })).toBeVisible();
      await expect(page.getByText(t.impersonate.redirecting)).toBeVisible();
      await expect(page).toHaveURL(/\/admin$/);
    });
  });
}
