// The audit viewer (issue 15 item 3): staff reset a customer's password, open the Audit Log tab,
// find that entry, narrow the log to it by customer and action, and download it as CSV; in
// English and in Arabic (dark), with axe over the tab.
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { type Page, request as playwrightRequest } from '@playwright/test';
import { e2eBaseUrl, expect, test, waitForPage } from './support/fixtures.ts';
import { createCustomer, staff, uniqueEmail } from './support/auth.ts';
import { customerPassword, randomAddress } from './support/kyc-api.ts';
import { expectPageAccessible, openStaffPage } from './support/vault.ts';
import enAdmin from '../apps/web/src/locales/en/admin.json' with { type: 'json' };
import arAdmin from '../apps/web/src/locales/ar/admin.json' with { type: 'json' };
import { auditActionLabels } from '../packages/shared/src/audit-labels.ts';

const catalogs = { en: enAdmin, ar: arAdmin } as const;

/** Staff reset the customer's password from the staff browser, as the Password Reset tab does. */
async function resetPassword(staffPage: Page, customerId: string): Promise<void> {
  const status = await staffPage.evaluate(
    async ({ id, key }) => {
      const res = await fetch(`/api/v1/admin/users/${id}/reset-password`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'secure-vault',
          'idempotency-key': key,
        },
        body: JSON.stringify({ newPassword: 'a-new-password-from-staff' }),
      });
      return res.status;
    },
    { id: customerId, key: randomUUID() },
  );
  expect(status).toBe(204);
}

for (const language of ['en', 'ar'] as const) {
  const a = catalogs[language];

  test(`staff find a password reset in the audit log and export it (${language})`, async ({
    browser,
    readMailbox,
  }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail(`audit-${language}`);
    const customerApi = await playwrightRequest.newContext({
      baseURL: e2eBaseUrl(),
      extraHTTPHeaders: { 'x-forwarded-for': randomAddress() },
    });
    let staffPage: Page | undefined;
    try {
      const customer = await createCustomer(customerApi, readMailbox, email, customerPassword);
      staffPage = await openStaffPage(browser, {
        language,
        theme: language === 'ar' ? 'dark' : 'light',
      });
      await resetPassword(staffPage, customer.id);

      await staffPage.getByRole('tab', { name: a.tabs.audit, exact: true }).click();
      await expect(staffPage).toHaveURL(/\?tab=audit$/);
      await waitForPage(staffPage);
      await expect(
        staffPage.getByRole('heading', { name: a.audit.title, exact: true }),
      ).toBeVisible();

      // Newest first: the reset is on the first page, with its actor and customer.
      const resetRow = staffPage
        .getByTestId('audit-row')
        .filter({ hasText: email })
        .filter({ hasText: auditActionLabels[language]['admin.password_reset'] });
      await expect(resetRow).toHaveCount(1);
      await expect(resetRow).toContainText(staff.email);
      await expect(resetRow).toContainText('revokedSessions');
      await expectPageAccessible(staffPage);

      // Narrowed to this customer and to staff resets: that one entry.
      await staffPage.getByLabel(a.audit.filters.customer, { exact: true }).fill(email);
      await staffPage
        .getByLabel(a.audit.filters.action, { exact: true })
        .selectOption('admin.password_reset');
      await staffPage.getByRole('button', { name: a.audit.filters.apply, exact: true }).click();
      await expect(staffPage.getByTestId('audit-row')).toHaveCount(1);
      await expect(staffPage.getByTestId('audit-row')).toContainText(email);
      await expect(staffPage.getByTestId('audit-total')).toHaveText(
        a.audit.total_one.replace('{{count}}', '1'),
      );

      // Their sign-up is theirs, not staff's: the family filter finds it, the reset filter not.
      await staffPage.getByLabel(a.audit.filters.action, { exact: true }).selectOption('auth.');
      await staffPage.getByRole('button', { name: a.audit.filters.apply, exact: true }).click();
      await expect(
        staffPage
          .getByTestId('audit-row')
          .filter({ hasText: auditActionLabels[language]['auth.sign_up'] }),
      ).toHaveCount(1);
      await staffPage
        .getByLabel(a.audit.filters.action, { exact: true })
        .selectOption('admin.password_reset');
      await staffPage.getByRole('button', { name: a.audit.filters.apply, exact: true }).click();
      await expect(staffPage.getByTestId('audit-row')).toHaveCount(1);

      // The CSV holds the same filtered entry.
      const link = staffPage.getByRole('link', { name: a.audit.exportCsv, exact: true });
      await expect(link).toHaveAttribute('href', /action=admin\.password_reset/);
      const [file] = await Promise.all([staffPage.waitForEvent('download'), link.click()]);
      expect(file.suggestedFilename()).toMatch(/^secure-vault-audit-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = readFileSync(await file.path(), 'utf8');
      const lines = csv.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'Time (UTC),Action,Action code,Actor email,Actor ID,Customer email,Customer ID,IP address,Details',
      );
      expect(lines).toHaveLength(2);
      // The action named in the page's language, beside its code.
      expect(lines[1]).toContain(
        `,${auditActionLabels[language]['admin.password_reset']},admin.password_reset,${staff.email},`,
      );
      expect(lines[1]).toContain(`,${email},${customer.id},`);

      // Reset shows the whole log again.
      await staffPage.getByRole('button', { name: a.audit.filters.reset, exact: true }).click();
      await expect(staffPage.getByLabel(a.audit.filters.customer, { exact: true })).toHaveValue('');
      await expect(link).toHaveAttribute('href', `/api/v1/admin/audit.csv?language=${language}`);
      await expect(staffPage.getByTestId('audit-total')).not.toHaveText(
        a.audit.total_one.replace('{{count}}', '1'),
      );
    } finally {
      await staffPage?.context().close();
      await customerApi.dispose();
    }
  });
}
