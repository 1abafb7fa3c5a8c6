// The vault, live (SPEC §2, DESIGN §6): staff add, edit and delete a customer's valuable and set
// their book balance in one browser, and the customer's open dashboard in another follows each
// change within seconds, without a reload.
import { expect, test, waitForPage } from './support/fixtures.ts';
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

/** Live updates must not need more than this after staff see their change saved. */
const liveTimeout = 5000;

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

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
        // Add.
        const form = staffPage.getByTestId('valuable-form');
        const name = `Necklace ${Date.now()}`;
        await form.getByLabel(a.valuables.user, { exact: true }).selectOption({ label: email });
        await form.getByLabel(a.valuables.itemName, { exact: true }).fill(name);
        await form
          .getByLabel(a.valuables.itemType, { exact: true })
          .selectOption({ label: v.itemTypes.jewelry });
        await form.getByLabel(a.valuables.estimatedValue, { exact: true }).fill('1234.56');
        await form.getByLabel(a.valuables.storageLocation, { exact: true }).fill('Vault A');
        await form.getByRole('button', { name: a.valuables.add, exact: true }).click();
        await expect(staffPage.getByText(a.valuables.added, { exact: true })).toBeVisible();
        await expect(
          staffPage.getByTestId('admin-valuable').filter({ hasText: name }),
        ).toContainText(email);

        const card = page.getByTestId('valuable-card').filter({ hasText: name });
        await expect(card).toBeVisible({ timeout: liveTimeout });
        await expect(card).toContainText('1,234.56');
        await expect(card).toContainText(v.itemTypes.jewelry);
        await expect(card).toContainText('Vault A');
        await expect(card.getByTestId('valuable-status')).toContainText(v.status.active);
        await expect(page.getByTestId('total-net-worth')).toContainText('1,234.56');
        await expect(page.getByRole('heading', { name: v.valuables.emptyTitle })).toHaveCount(0);

        // Edit.
        await staffPage
          .getByRole('button', { name: fill(a.valuables.editNamed, { name }), exact: true })
          .click();
        await expect(form.getByRole('heading', { name: a.valuables.editTitle })).toBeVisible();
        const renamed = `${name} (appraised)`;
        await form.getByLabel(a.valuables.itemName, { exact: true }).fill(renamed);
        await form.getByLabel(a.valuables.estimatedValue, { exact: true }).fill('2000');
        await form.getByRole('button', { name: a.valuables.save, exact: true }).click();
        await expect(staffPage.getByText(a.valuables.updated, { exact: true })).toBeVisible();

        const edited = page.getByTestId('valuable-card').filter({ hasText: renamed });
        await expect(edited).toBeVisible({ timeout: liveTimeout });
        await expect(edited).toContainText('2,000.00');
        await expect(page.getByTestId('total-net-worth')).toContainText('2,000.00');

        // Delete, after a confirmation.
        await staffPage
          .getByRole('button', {
            name: fill(a.valuables.deleteNamed, { name: renamed }),
            exact: true,
          })
          .click();
        const dialog = staffPage.getByRole('alertdialog', { name: a.valuables.deleteTitle });
        await dialog.getByRole('button', { name: a.valuables.deleteConfirm, exact: true }).click();
        await expect(staffPage.getByText(a.valuables.deleted, { exact: true })).toBeVisible();

        await expect(page.getByRole('heading', { name: v.valuables.emptyTitle })).toBeVisible({
          timeout: liveTimeout,
        });
        await expect(page.getByTestId('valuable-card')).toHaveCount(0);

        // Book balance: above zero it is shown pending approval.
        await staffPage.getByRole('tab', { name: a.tabs.bookBalance, exact: true }).click();
        const balanceForm = staffPage.getByTestId('book-balance-form');
        await balanceForm
          .getByLabel(a.bookBalance.user, { exact: true })
          .selectOption({ label: email });
        await balanceForm.getByLabel(a.bookBalance.amount, { exact: true }).fill('500');
        await balanceForm.getByRole('button', { name: a.bookBalance.submit, exact: true }).click();
        await expect(staffPage.getByText(a.bookBalance.updated, { exact: true })).toBeVisible();

        const bookBalance = page.getByTestId('book-balance');
        await expect(bookBalance).toContainText('500.00', { timeout: liveTimeout });
        await expect(bookBalance.getByTestId('book-balance-pending')).toHaveText(
          v.balances.pendingApproval,
        );
      } finally {
        await staffPage.context().close();
      }

      expect(
        await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
      ).toBe(true);
    });
  });
}
