// The dashboard and the admin panel pass axe in both languages and both themes: empty, then with
// a valuable (approved by a second staff member), a pending book balance and the allocation chart;
// the admin tabs, Approvals first, and the per-user net worth dropdown.
import { expect, test, waitForPage } from './support/fixtures.ts';
import { approvePending } from './support/approvals.ts';
import { createCustomer, uniqueEmail } from './support/auth.ts';
import { expectPageAccessible, openStaffPage, signInThroughForm } from './support/vault.ts';
import enVault from '../apps/web/src/locales/en/vault.json' with { type: 'json' };
import arVault from '../apps/web/src/locales/ar/vault.json' with { type: 'json' };
import enAdmin from '../apps/web/src/locales/en/admin.json' with { type: 'json' };
import arAdmin from '../apps/web/src/locales/ar/admin.json' with { type: 'json' };

const allTabs = [
  'valuables',
  'users',
  'bookBalance',
  'transfers',
  'delivery',
  'tracking',
  'passwordReset',
] as const;
type AdminTab = (typeof allTabs)[number];

function sweepsEveryTab(language: 'en' | 'ar', theme: 'light' | 'dark'): boolean {
  return (language === 'en') === (theme === 'light');
}

const catalogs = {
  en: { vault: enVault, admin: enAdmin },
  ar: { vault: arVault, admin: arAdmin },
} as const;

for (const language of ['en', 'ar'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    const { vault: v, admin: a } = catalogs[language];

    test.describe(`vault accessibility (${language}, ${theme})`, () => {
      test.beforeEach(async ({ usePreferences }) => {
        await usePreferences({ language, theme });
      });

      test('the dashboard and the admin panel pass axe', async ({
        page,
        request,
        readMailbox,
        browser,
        expectAccessible,
      }) => {
        // Two pages, a dozen axe runs and every admin tab: close to a minute on a busy runner.
        test.setTimeout(180_000);
        const email = uniqueEmail(`vault-axe-${language}-${theme}`);
        await createCustomer(request, readMailbox, email, 'customer-password');
        await signInThroughForm(page, language, email, 'customer-password');
        await waitForPage(page);
        await expect(page.getByTestId('vault-empty')).toBeVisible();
        await expectAccessible();

        const staffPage = await openStaffPage(browser, { language, theme });
        try {
          // The valuable is approved by a second staff member; the book balance stays pending.
          await staffPage.getByRole('tab', { name: a.tabs.valuables, exact: true }).click();
          const form = staffPage.getByTestId('valuable-form');
          await form.getByLabel(a.valuables.user, { exact: true }).selectOption({ label: email });
          await form.getByLabel(a.valuables.itemName, { exact: true }).fill('Gold bar');
          await form
            .getByLabel(a.valuables.itemType, { exact: true })
            .selectOption({ label: v.itemTypes.precious_metals });
          await form.getByLabel(a.valuables.estimatedValue, { exact: true }).fill('950.25');
          await form.getByLabel(a.valuables.description, { exact: true }).fill('One kilogram');
          await form.getByRole('button', { name: a.valuables.add, exact: true }).click();
          const proposed = staffPage.getByText(a.approvals.proposed.title, { exact: true });
          await expect(proposed).toBeVisible();
          await approvePending(email, 'valuable_add');
          await staffPage.getByRole('tab', { name: a.tabs.bookBalance, exact: true }).click();
          const balanceForm = staffPage.getByTestId('book-balance-form');
          await balanceForm
            .getByLabel(a.bookBalance.user, { exact: true })
            .selectOption({ label: email });
          await balanceForm.getByLabel(a.bookBalance.amount, { exact: true }).fill('120.50');
          await balanceForm
            .getByRole('button', { name: a.bookBalance.submit, exact: true })
            .click();
          await expect(proposed.first()).toBeVisible();
          const balanceRow = staffPage.getByTestId('book-balance-row').filter({ hasText: email });
          await expect(balanceRow.getByTestId('book-balance-review')).toBeVisible();

          // The customer's dashboard, filled in.
          await expect(page.getByTestId('valuable-card')).toHaveCount(1, { timeout: 5000 });
          await expect(page.getByTestId('book-balance-pending')).toBeVisible();
          await expect(page.getByTestId('allocation-chart').locator('.recharts-pie')).toBeVisible();
          await expectAccessible();

          // The admin panel: every tab, and the per-user dropdown. It opens on Approvals, where
          // the book balance waits for someone else.
          await staffPage.goto('/admin');
          await waitForPage(staffPage);
          const waiting = staffPage
            .getByTestId('proposal-row')
            .filter({ hasText: email })
            .getByTestId('proposal-waiting');
          await expect(waiting).toHaveText(a.approvals.waiting);
          await expect(staffPage.getByTestId('platform-net-worth-total')).toBeVisible();
          const staffAxe = () => expectPageAccessible(staffPage);
          await staffAxe();
          // Every tab in each language and each theme once (English light, Arabic dark): the
          // tabs share their components, so the other two pairs would repeat the same checks.
          const tabs: readonly AdminTab[] = sweepsEveryTab(language, theme) ? allTabs : [];
          for (const tab of tabs) {
            await staffPage.getByRole('tab', { name: a.tabs[tab], exact: true }).click();
            await expect(staffPage.getByRole('tabpanel')).toBeVisible();
            await staffPage.waitForLoadState('networkidle');
            await staffAxe();
          }
          await staffPage.getByRole('button', { name: a.userNetWorth.trigger }).click();
          const dropdown = staffPage.getByTestId('user-net-worth');
          await expect(dropdown.getByTestId('user-net-worth-list')).toContainText(email);
          await staffAxe();
          // Nothing of this test is left waiting in the queue.
          await approvePending(email, 'book_balance');
        } finally {
          await staffPage.context().close();
        }
      });
    });
  }
}
