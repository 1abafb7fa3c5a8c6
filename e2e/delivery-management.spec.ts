// Delivery Management and Tracking (SPEC §2 admin tabs 6 and 8, §4; DESIGN §5): a customer whose
// identity staff approved asks, through the API, for a custody item staff added (one proposing,
// another approving) to be delivered; staff open Delivery Management, move the request to
// processing, add a tracking record, then ship it and, after confirming that the item leaves the
// vault, mark it delivered; the record is listed in the Tracking tab with the recipient and the
// customer's email.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test, waitForPage } from './support/fixtures.ts';
import { approvedStaffChange, staffApi } from './support/approvals.ts';
import { csrf } from './support/auth.ts';
import { type Applicant, png, submitVerification } from './support/kyc-api.ts';
import { expectPageAccessible, openStaffPage } from './support/vault.ts';
import enAdmin from '../apps/web/src/locales/en/admin.json' with { type: 'json' };
import arAdmin from '../apps/web/src/locales/ar/admin.json' with { type: 'json' };

const catalogs = { en: enAdmin, ar: arAdmin } as const;

/** A button whose name starts with `text` (its hidden rest says which request it acts on). */
function startingWith(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

/** Chooses the next status in the request's dropdown and presses Update. */
async function choose(row: ReturnType<Page['getByTestId']>, status: string, update: string) {
  await row.getByRole('combobox').selectOption(status);
  await row.getByRole('button', { name: startingWith(update) }).click();
}

for (const language of ['en', 'ar'] as const) {
  const a = catalogs[language];

  test.describe(`Delivery Management (${language})`, () => {
    test('staff take a delivery from pending to delivered, with its tracking', async ({
      browser,
      readMailbox,
    }) => {
      test.setTimeout(150_000);
      const tag = `delivery-${language}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
      const applicant: Applicant = {
        email: `${tag}@example.com`,
        firstName: 'Amira',
        surname: 'Haddad',
        countryCode: '+971',
        phoneNumber: '501234567',
        documentCountry: 'AE',
        documentType: 'passport',
        employment: 'employed',
        documents: [{ side: 'front', name: 'passport.png', mimeType: 'image/png', buffer: png }],
      };
      // Names of this test's own, so its row is found among the others'.
      const itemName = `Pearl necklace ${tag.slice(-6)}`;
      const recipientName = `Layla Nasser ${tag.slice(-6)}`;
      const location = 'Dubai Airport Freezone';

      const staffRequests = await staffApi();
      try {
        const customer = await submitVerification(readMailbox, applicant);
        try {
          const session = await customer.get('/api/v1/auth/session');
          const { user } = (await session.json()) as { user: { id: string } };
          const decided = await staffRequests.post(`/api/v1/admin/kyc/${user.id}/decision`, {
            headers: csrf,
            data: { decision: 'approve' },
          });
          expect(decided.status(), await decided.text()).toBe(200);
          await approvedStaffChange('POST', '/api/v1/admin/valuables', {
            userId: user.id,
            itemName,
            itemType: 'jewelry',
            estimatedValue: '2500',
          });
          // Approved, the item is in the customer's vault.
          const vault = await customer.get('/api/v1/me/valuables');
          expect(vault.status(), await vault.text()).toBe(200);
          const valuables = (await vault.json()) as { id: string; itemName: string }[];
          const valuableId = valuables.find((item) => item.itemName === itemName)?.id;
          expect(valuableId, `${itemName} in the vault`).toBeDefined();

          const requested = await customer.post('/api/v1/me/deliveries', {
            headers: { ...csrf, 'idempotency-key': randomUUID() },
            data: {
              valuableId,
              recipientName,
              recipientEmail: `recipient-${tag}@example.com`,
              recipientPhone: '+971501234567',
              recipientAddress: '12 Palm Street\nDubai',
            },
          });
          expect(requested.status(), await requested.text()).toBe(201);
          expect(((await requested.json()) as { status: string }).status).toBe('pending');
        } finally {
          await customer.dispose();
        }
      } finally {
        await staffRequests.dispose();
      }

      // Dark in Arabic, so both themes pass the accessibility check.
      const staffPage = await openStaffPage(browser, {
        language,
        theme: language === 'ar' ? 'dark' : 'light',
      });
      try {
        await staffPage.getByRole('tab', { name: a.tabs.delivery, exact: true }).click();
        await expect(staffPage).toHaveURL(/\?tab=delivery$/);
        await waitForPage(staffPage);
        const row = staffPage.getByTestId('delivery-row').filter({ hasText: itemName });
        const badge = row.getByTestId('delivery-status-badge');
        await expect(row).toHaveCount(1);
        await expect(row).toContainText(applicant.email);
        await expect(row).toContainText(recipientName);
        await expect(badge).toHaveText(a.delivery.statuses.pending);
        // Only the allowed next steps are offered.
        await expect(row.getByRole('combobox').locator('option')).toHaveText([
          a.delivery.change.placeholder,
          a.delivery.statuses.processing,
          a.delivery.statuses.cancelled,
        ]);
        await expectPageAccessible(staffPage);

        await choose(row, 'processing', a.delivery.change.update);
        await expect(badge).toHaveText(a.delivery.statuses.processing);
        await expect(
          staffPage.getByText(a.delivery.update.successTitle, { exact: true }),
        ).toBeVisible();

        // A tracking record, from the request's own tracking.
        await row.getByRole('button', { name: startingWith(a.delivery.tracking.title) }).click();
        const tracking = staffPage.getByRole('dialog', { name: a.delivery.tracking.title });
        await expect(tracking.getByTestId('delivery-tracking-empty')).toBeVisible();
        await tracking
          .getByLabel(a.delivery.tracking.status, { exact: true })
          .selectOption('in_transit');
        await tracking.getByLabel(a.delivery.tracking.location, { exact: true }).fill(location);
        await tracking
          .getByLabel(a.delivery.tracking.message, { exact: true })
          .fill('Left the vault under escort');
        await expectPageAccessible(staffPage);
        await tracking
          .getByRole('button', { name: a.delivery.tracking.submit, exact: true })
          .click();
        const latest = tracking.getByTestId('delivery-tracking-record').first();
        await expect(latest).toContainText(a.delivery.statuses.in_transit);
        await expect(latest).toContainText(location);
        await expect(latest).toContainText(a.delivery.tracking.latest);
        await tracking.getByRole('button', { name: a.delivery.tracking.close }).click();
        await expect(tracking).toBeHidden();

        await choose(row, 'shipped', a.delivery.change.update);
        await expect(badge).toHaveText(a.delivery.statuses.shipped);
        await expect(row.getByRole('combobox').locator('option')).toHaveText([
          a.delivery.change.placeholder,
          a.delivery.statuses.delivered,
        ]);

        await choose(row, 'delivered', a.delivery.change.update);
        const confirm = staffPage.getByRole('alertdialog', {
          name: a.delivery.confirm.titles.delivered,
        });
        await expect(confirm.getByTestId('delivery-effect')).toContainText(
          a.delivery.confirm.effects.delivered,
        );
        await expectPageAccessible(staffPage);
        await confirm
          .getByRole('button', { name: a.delivery.confirm.confirm.delivered, exact: true })
          .click();
        await expect(confirm).toBeHidden();
        await expect(badge).toHaveText(a.delivery.statuses.delivered);
        await expect(row.getByTestId('delivery-final')).toHaveText(a.delivery.change.final);
        await expect(row.getByRole('combobox')).toHaveCount(0);

        // The Tracking tab lists the record with the recipient and the customer's email.
        await staffPage.getByRole('tab', { name: a.tabs.tracking, exact: true }).click();
        await expect(staffPage).toHaveURL(/\?tab=tracking$/);
        const record = staffPage
          .getByTestId('tracking-row')
          .filter({ hasText: recipientName })
          .filter({ hasText: location });
        await expect(record).toHaveCount(1);
        await expect(record).toContainText(applicant.email);
        await expect(record.getByTestId('delivery-status-badge')).toHaveText(
          a.delivery.statuses.in_transit,
        );
        await expectPageAccessible(staffPage);
      } finally {
        await staffPage.context().close();
      }
    });
  });
}
