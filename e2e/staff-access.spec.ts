// Staff access for customers (issue 15 item 4): a staff member signs in as a customer through the
// one-time link and returns to admin; the customer is emailed in their language, and Settings'
// Staff Access card lists the visit with its start and end, naming the staff member by reference.
import { randomUUID } from 'node:crypto';
import { axeCheck } from './support/axe.ts';
import { expect, test, waitForPage } from './support/fixtures.ts';
import { createCustomer, csrf } from './support/auth.ts';
import { customerPassword as password } from './support/kyc-api.ts';
import { openStaffPage, signInThroughForm } from './support/vault.ts';
import enSettings from '../apps/web/src/locales/en/settings.json' with { type: 'json' };
import arSettings from '../apps/web/src/locales/ar/settings.json' with { type: 'json' };
import enApp from '../apps/web/src/locales/en/app.json' with { type: 'json' };
import arApp from '../apps/web/src/locales/ar/app.json' with { type: 'json' };

const catalogs = {
  en: { settings: enSettings, app: enApp },
  ar: { settings: arSettings, app: arApp },
} as const;

const subjects = {
  en: 'A Secure Vault staff member signed in to your account',
  ar: 'سجّل أحد موظفي Secure Vault الدخول إلى حسابك',
} as const;

/** The words of a sentence between two of its placeholders ("signed in as you,"). */
function between(sentence: string, from: string, to: string): string {
  const start = sentence.indexOf(`{{${from}}}`) + from.length + 4;
  return sentence.slice(start, sentence.indexOf(`{{${to}}}`)).trim();
}

for (const language of ['en', 'ar'] as const) {
  const { settings: s, app } = catalogs[language];

  test.describe(`Staff access (${language})`, () => {
    test.beforeEach(async ({ usePreferences }) => {
      await usePreferences({ language, theme: language === 'ar' ? 'dark' : 'light' });
    });

    test('the customer is emailed and sees the visit in Settings', async ({
      page,
      browser,
      request,
      readMailbox,
    }) => {
      test.setTimeout(120_000);
      const email = `staff-access-${language}-${randomUUID()}@example.com`;
      const customer = await createCustomer(request, readMailbox, email, password);
      // A request in the page's language: the trace of the language the customer writes in.
      const deposit = await request.post('/api/v1/me/deposits/card', {
        headers: { ...csrf, 'idempotency-key': randomUUID(), 'accept-language': language },
        data: { amount: '25', cardLastFour: '4242', cardType: 'Visa' },
      });
      expect(deposit.status(), await deposit.text()).toBe(201);

      // Staff sign in as the customer, then return to admin.
      const staffPage = await openStaffPage(browser, { language });
      try {
        const current = await staffPage.request.get('/api/v1/auth/current-session');
        const staffId = ((await current.json()) as { session: { user: { id: string } } }).session
          .user.id;
        const ref = staffId.replace(/-/g, '').slice(0, 8).toUpperCase();
        const link = await staffPage.request.post(
          `/api/v1/admin/users/${customer.id}/impersonate`,
          { headers: csrf },
        );
        expect(link.status()).toBe(200);
        const { actionLink } = (await link.json()) as { actionLink: string };
        await staffPage.goto(actionLink);
        await expect(staffPage).toHaveURL(/\/dashboard$/);
        const banner = staffPage.getByTestId('impersonation-banner');
        await expect(banner).toBeVisible();
        await banner.getByRole('button', { name: app.impersonation.return }).click();
        await expect(staffPage).toHaveURL(/\/admin$/);

        // The customer's email, in their language, names the staff member by reference only.
        await expect
          .poll(async () => (await readMailbox(email))[0]?.subject, { timeout: 10_000 })
          .toBe(subjects[language]);
        const [mail] = await readMailbox(email);
        expect(mail?.text).toContain(ref);
        expect(mail?.text).not.toContain('staff@securevault.example');

        // The customer's Settings list the visit, its start and end, and that nothing changed.
        await signInThroughForm(page, language, email, password);
        await page.goto('/settings/staff-access');
        await waitForPage(page);
        const card = page.getByTestId('staff-access-card');
        await expect(card.getByRole('heading', { level: 2 })).toHaveText(s.staffAccess.title);
        await expect(card).toContainText(s.staffAccess.description);
        const entry = card.getByTestId('staff-access-entry');
        await expect(entry).toHaveCount(1);
        await expect(entry).toHaveAttribute('data-kind', 'impersonation');
        await expect(entry).toContainText(ref);
        await expect(entry).toContainText(
          between(s.staffAccess.impersonation.ended, 'staff', 'start'),
        );
        await expect(entry).toContainText(s.staffAccess.impersonation.nothingChanged);
        await expect(card).not.toContainText('staff@securevault.example');

        const results = await axeCheck(page).include('[data-testid="staff-access-card"]').analyze();
        expect(results.violations.map((v) => v.id)).toEqual([]);
      } finally {
        await staffPage.context().close();
      }
    });
  });
}
