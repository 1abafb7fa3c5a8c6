// The vault, live (SPEC §2, DESIGN §6): staff add, edit and delete a customer's valuable and set
// their book balance in one browser; each is sent for approval and changes nothing until a second
// staff member approves it (DESIGN §4 "Dual control"); then the customer's open dashboard in
// another browser follows within seconds, without a reload.
import type { Page } from '@playwright/test';
import { expect, test, waitForPage } from './support/fixtures.ts';
import { approvePending } from './support/approvals.ts';
import { createCustomer, uniqueEmail } from './support/auth.ts';
import { openStaffPage, signInThroughForm } from './support/vault.ts';
import enVault from '../apps/web/src/locales/en/vault.json' with { type: 'json' };
import arVault from '../apps/web/src/locales/ar/vault.json' with { type: 'json' };
import enAdmin from '../apps/web/src/locales/en/admin.json' with { type: 'json' };
import arAdmin from '../apps/web/src/locales/ar/admin.json' with { type: 'json' };

const catalogs = {
  en: { vault: enVault, admin: enAdmin },
  ar: { vault: arVault, admin: arAdmin },
} as const;

/**
 * How long the journey waits for a change to reach the open dashboard without a reload. What it
 * proves is that no reload is needed; the cost of notices is measured by the bench
 * (bench/notices.ts), and a busy runner must not turn a slow second into a failure.
 */
const liveTimeout = 15_000;

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/** Staff send a change (`act`): the server takes it as a proposal (202), and the panel says so. */
async function propose(
  staffPage: Page,
  toast: string,
  method: string,
  act: () => Promise<void>,
): Promise<void> {
  const answered = staffPage.waitForResponse(
    (res) => res.request().method() === method && res.url().includes('/api/v1/admin/'),
  );
  await act();
  expect((await answered).status()).toBe(202);
  await expect(staffPage.getByText(toast, { exact: true }).first()).toBeVisible();
}

for (const language of ['en', 'ar'] as const) {
  const { vault: v, admin: a } = catalogs[language];

  test.describe(`vault live updates (${language})`, () => {
    test.beforeEach(async ({ usePreferences }) => {
      await usePreferences({ language });
    });

    test("staff changes appear on the customer's open dashboard without a reload", async ({
      page,
      request,
      readMailbox,
      browser,
    }) => {
      const email = uniqueEmail(`vault-live-${language}`);
      await createCustomer(request, readMailbox, email, 'customer-password');
      await signInThroughForm(page, language, email, 'customer-password');
      await waitForPage(page);

      // A new customer's vault is empty, and a zero book balance is not pending.
      await expect(page.getByRole('heading', { name: v.valuables.emptyTitle })).toBeVisible();
      await expect(page.getByText(v.valuables.emptyBody, { exact: true })).toBeVisible();
      await expect(page.getByTestId('book-balance')).toContainText('0.00');
      await expect(page.getByTestId('book-balance-pending')).toHaveCount(0);
      await expect(page.getByRole('link', { name: v.kyc.action })).toBeVisible();
      // Marks this document: a reload would lose the mark.
      await page.evaluate(() => {
        (window as unknown as { sameDocument?: boolean }).sameDocument = true;
      });

      const staffPage = await openStaffPage(browser, { language });
      try {
        await staffPage.getByRole('tab', { name: a.tabs.valuables, exact: true }).click();
        await expect(staffPage).toHaveURL(/\?tab=valuables$/);

        // Add: sent for approval, and nothing shows until a second staff member approves it.
        const form = staffPage.getByTestId('valuable-form');
        const name = `Necklace ${Date.now()}`;
        await form.getByLabel(a.valuables.user, { exact: true }).selectOption({ label: email });
        await form.getByLabel(a.valuables.itemName, { exact: true }).fill(name);
        await form
          .getByLabel(a.valuables.itemType, { exact: true })
          .selectOption({ label: v.itemTypes.jewelry });
        await form.getByLabel(a.valuables.estimatedValue, { exact: true }).fill('1234.56');
        await form.getByLabel(a.valuables.storageLocation, { exact: true }).fill('Vault A');
        await propose(staffPage, a.approvals.proposed.title, 'POST', () =>
          form.getByRole('button', { name: a.valuables.add, exact: true }).click(),
        );
        await expect(page.getByRole('heading', { name: v.valuables.emptyTitle })).toBeVisible();
        await approvePending(email, 'valuable_add');

        const card = page.getByTestId('valuable-card').filter({ hasText: name });
        await expect(card).toBeVisible({ timeout: liveTimeout });
        await expect(card).toContainText('1,234.56');
        await expect(card).toContainText(v.itemTypes.jewelry);
        await expect(card).toContainText('Vault A');
        await expect(card.getByTestId('valuable-status')).toContainText(v.status.active);
        await expect(page.getByTestId('total-net-worth')).toContainText('1,234.56');
        await expect(page.getByRole('heading', { name: v.valuables.emptyTitle })).toHaveCount(0);

        // Edit, once the staff list holds the approved item.
        await staffPage.reload();
        await waitForPage(staffPage);
        await expect(
          staffPage.getByTestId('admin-valuable').filter({ hasText: name }),
        ).toContainText(email);
        await staffPage
          .getByRole('button', { name: fill(a.valuables.editNamed, { name }), exact: true })
          .click();
        await expect(form.getByRole('heading', { name: a.valuables.editTitle })).toBeVisible();
        const renamed = `${name} (appraised)`;
        await form.getByLabel(a.valuables.itemName, { exact: true }).fill(renamed);
        await form.getByLabel(a.valuables.estimatedValue, { exact: true }).fill('2000');
        await propose(staffPage, a.approvals.proposed.title, 'PATCH', () =>
          form.getByRole('button', { name: a.valuables.save, exact: true }).click(),
        );
        await expect(card).toContainText('1,234.56');
        await approvePending(email, 'valuable_edit');

        const edited = page.getByTestId('valuable-card').filter({ hasText: renamed });
        await expect(edited).toBeVisible({ timeout: liveTimeout });
        await expect(edited).toContainText('2,000.00');
        await expect(page.getByTestId('total-net-worth')).toContainText('2,000.00');

        // Delete, after a confirmation.
        await staffPage.reload();
        await waitForPage(staffPage);
        await staffPage
          .getByRole('button', {
            name: fill(a.valuables.deleteNamed, { name: renamed }),
            exact: true,
          })
          .click();
        const dialog = staffPage.getByRole('alertdialog', { name: a.valuables.deleteTitle });
        await propose(staffPage, a.approvals.proposed.title, 'DELETE', () =>
          dialog.getByRole('button', { name: a.valuables.deleteConfirm, exact: true }).click(),
        );
        await expect(edited).toBeVisible();
        await approvePending(email, 'valuable_delete');

        await expect(page.getByRole('heading', { name: v.valuables.emptyTitle })).toBeVisible({
          timeout: liveTimeout,
        });
        await expect(page.getByTestId('valuable-card')).toHaveCount(0);

        // Book balance: shown pending approval while it waits, then in the cash once approved.
        await staffPage.getByRole('tab', { name: a.tabs.bookBalance, exact: true }).click();
        const balanceForm = staffPage.getByTestId('book-balance-form');
        await balanceForm
          .getByLabel(a.bookBalance.user, { exact: true })
          .selectOption({ label: email });
        await balanceForm.getByLabel(a.bookBalance.amount, { exact: true }).fill('500');
        await propose(staffPage, a.approvals.proposed.title, 'PUT', () =>
          balanceForm.getByRole('button', { name: a.bookBalance.submit, exact: true }).click(),
        );

        const bookBalance = page.getByTestId('book-balance');
        await expect(bookBalance).toContainText('500.00', { timeout: liveTimeout });
        await expect(bookBalance.getByTestId('book-balance-pending')).toHaveText(
          v.balances.pendingApproval,
        );
        await expect(page.getByTestId('cash-balance')).toContainText('0.00');
        await approvePending(email, 'book_balance');

        await expect(page.getByTestId('cash-balance')).toContainText('500.00', {
          timeout: liveTimeout,
        });
        await expect(bookBalance.getByTestId('book-balance-pending')).toHaveCount(0);
      } finally {
        await staffPage.context().close();
      }

      expect(
        await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
      ).toBe(true);
    });
  });
}
