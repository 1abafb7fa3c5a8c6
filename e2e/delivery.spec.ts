// Delivery Services (SPEC §2 Settings, §4, §5, §8; DESIGN §5 Delivery): a customer whose identity
// staff approved, with custody items staff added (one proposing, another approving), follows the
// dashboard's Track Items to the tracking view, requests delivery of one item, and watches it move
// — staff step it through processing, shipped and delivered through the API, adding tracking
// records — without a reload; the delivered item leaves the vault. A second request, cancelled by
// the customer before it ships, returns its item. In Arabic the pages are dark, so both themes
// pass the axe check.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test, waitForPage } from './support/fixtures.ts';
import { approvedStaffChange, staffApi } from './support/approvals.ts';
import { csrf } from './support/auth.ts';
import {
  type Applicant,
  customerPassword as password,
  png,
  submitVerification,
} from './support/kyc-api.ts';
import { signInThroughForm } from './support/vault.ts';
import enCustody from '../apps/web/src/locales/en/custody.json' with { type: 'json' };
import arCustody from '../apps/web/src/locales/ar/custody.json' with { type: 'json' };
import enVault from '../apps/web/src/locales/en/vault.json' with { type: 'json' };
import arVault from '../apps/web/src/locales/ar/vault.json' with { type: 'json' };
import enCatalogue from '../apps/web/src/locales/en/catalogue.json' with { type: 'json' };
import arCatalogue from '../apps/web/src/locales/ar/catalogue.json' with { type: 'json' };

const catalogs = {
  en: { custody: enCustody, vault: enVault, catalogue: enCatalogue },
  ar: { custody: arCustody, vault: arVault, catalogue: arCatalogue },
} as const;

/** Live updates must not need more than this once staff have answered. */
const liveTimeout = 5000;

/** The customer's delivery of an item, as staff list it. */
async function deliveryIdOf(api: APIRequestContext, email: string, itemName: string) {
  const res = await api.get('/api/v1/admin/deliveries');
  expect(res.status(), await res.text()).toBe(200);
  const all = (await res.json()) as { id: string; userEmail: string; itemName: string }[];
  const found = all.find((item) => item.userEmail === email && item.itemName === itemName);
  expect(found, `delivery of ${itemName} for ${email}`).toBeDefined();
  return (found as { id: string }).id;
}

async function setStatus(api: APIRequestContext, id: string, status: string) {
  const res = await api.post(`/api/v1/admin/deliveries/${id}/status`, {
    headers: { ...csrf, 'idempotency-key': randomUUID() },
    data: { status },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function addTracking(
  api: APIRequestContext,
  id: string,
  record: { status: string; location: string; message: string },
) {
  const res = await api.post(`/api/v1/admin/deliveries/${id}/tracking`, {
    headers: csrf,
    data: record,
  });
  expect(res.status(), await res.text()).toBe(201);
}

for (const language of ['en', 'ar'] as const) {
  const { custody, vault, catalogue } = catalogs[language];
  const d = custody.delivery;
  /** The Cancel button's name, which says which item it cancels. */
  const cancelLabel = (item: string) => d.cancel.label.replace('{{item}}', item);

  test.describe(`Delivery Services (${language})`, () => {
    test.beforeEach(async ({ usePreferences }) => {
      await usePreferences({ language, theme: language === 'ar' ? 'dark' : 'light' });
    });

    test('a customer requests a delivery, follows it live, and cancels another', async ({
      page,
      readMailbox,
      expectAccessible,
    }) => {
      test.setTimeout(180_000);
      const tag = `deliver-${language}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
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
      const necklace = `Diamond necklace ${tag.slice(-6)}`;
      const watch = `Pocket watch ${tag.slice(-6)}`;

      const card = page.getByTestId('delivery-card');
      const picker = card.getByRole('group', { name: d.picker.legend });
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
          for (const data of [
            { itemName: necklace, itemType: 'jewelry', estimatedValue: '12500' },
            { itemName: watch, itemType: 'collectibles', estimatedValue: '3000' },
            { itemName: 'Cash', itemType: 'cash', estimatedValue: '100' },
          ]) {
            await approvedStaffChange('POST', '/api/v1/admin/valuables', {
              userId: user.id,
              ...data,
            });
          }
        } finally {
          await customer.dispose();
        }

        // The dashboard's Track Items leads to the card's tracking view.
        await signInThroughForm(page, language, applicant.email, password);
        await page.getByRole('link', { name: vault.actions.track, exact: true }).click();
        await expect(page).toHaveURL(/\/settings\/delivery\?view=track#delivery$/);
        await waitForPage(page);
        await expect(card.getByTestId('deliveries-empty')).toBeVisible();
        await expect(page.getByRole('heading', { name: d.main.track, exact: true })).toBeFocused();
        // Marks this document: a reload would lose the mark.
        await page.evaluate(() => {
          (window as unknown as { sameDocument?: boolean }).sameDocument = true;
        });

        // Request delivery of the necklace.
        await card.getByRole('link', { name: d.main.request, exact: true }).click();
        await expect(page).toHaveURL(/\/settings\/delivery\?view=request$/);
        await expect(
          picker.getByRole('radio', { name: new RegExp(catalogue.cash) }),
        ).toBeDisabled();
        await expect(picker).toContainText(d.picker.cash);
        await picker.getByRole('radio', { name: new RegExp(necklace) }).check();
        await card.getByLabel(d.recipient.name, { exact: true }).fill('Omar Haddad');
        await card.getByLabel(d.recipient.email, { exact: true }).fill('omar@example.com');
        await card.getByLabel(d.recipient.phone, { exact: true }).fill('+44 20 7946 0958');
        await card
          .getByLabel(d.recipient.address, { exact: true })
          .fill('10 Downing Street\nLondon');
        await expectAccessible();
        await card.getByRole('button', { name: d.request.submit, exact: true }).click();

        await expect(page).toHaveURL(/\/settings\/delivery\?view=track$/);
        await expect(card.getByTestId('delivery-submitted')).toContainText(d.submitted.description);
        const necklaceEntry = card.getByTestId('delivery-entry').filter({ hasText: necklace });
        const necklaceStatus = necklaceEntry.getByTestId('delivery-status').first();
        await expect(necklaceStatus).toHaveText(d.statuses.pending);
        await expect(necklaceEntry).toContainText('+44 20 7946 0958');
        await expectAccessible();

        // Staff move it on; the open view follows without a reload.
        const id = await deliveryIdOf(staffRequests, applicant.email, necklace);
        await setStatus(staffRequests, id, 'processing');
        await addTracking(staffRequests, id, {
          status: 'processing',
          location: 'Dubai vault',
          message: 'Packed and sealed',
        });
        await expect(necklaceStatus).toHaveText(d.statuses.processing, { timeout: liveTimeout });
        const records = necklaceEntry.getByTestId('tracking-record');
        await expect(records).toHaveCount(1, { timeout: liveTimeout });
        await expect(records.first()).toContainText('Dubai vault');
        await expect(
          necklaceEntry.getByRole('button', { name: cancelLabel(necklace), exact: true }),
        ).toBeVisible();

        await setStatus(staffRequests, id, 'shipped');
        await addTracking(staffRequests, id, {
          status: 'in_transit',
          location: 'Heathrow',
          message: 'Cleared customs',
        });
        await expect(necklaceStatus).toHaveText(d.statuses.shipped, { timeout: liveTimeout });
        await expect(records).toHaveCount(2, { timeout: liveTimeout });
        // Newest first, and the newest highlighted.
        await expect(records.first()).toContainText('Heathrow');
        await expect(records.first()).toHaveAttribute('data-latest', 'true');
        await expect(records.first()).toContainText(d.tracking.latest);
        await expect(records.nth(1)).not.toHaveAttribute('data-latest', 'true');
        await expect(necklaceEntry.getByRole('button')).toHaveCount(0);

        await setStatus(staffRequests, id, 'delivered');
        await expect(necklaceStatus).toHaveText(d.statuses.delivered, { timeout: liveTimeout });
        await expectAccessible();
        expect(
          await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
        ).toBe(true);
      } finally {
        await staffRequests.dispose();
      }

      // The delivered necklace has left the vault; the watch goes next, then comes back.
      await card.getByRole('link', { name: d.main.request, exact: true }).click();
      await expect(picker.getByRole('radio', { name: new RegExp(watch) })).toBeEnabled();
      await expect(picker.getByRole('radio', { name: new RegExp(necklace) })).toHaveCount(0);
      await picker.getByRole('radio', { name: new RegExp(watch) }).check();
      await card.getByRole('button', { name: d.request.useMyDetails, exact: true }).click();
      await expect(card.getByLabel(d.recipient.email, { exact: true })).toHaveValue(
        applicant.email,
      );
      await card.getByRole('button', { name: d.request.submit, exact: true }).click();
      const watchEntry = card.getByTestId('delivery-entry').filter({ hasText: watch });
      await expect(watchEntry.getByTestId('delivery-status').first()).toHaveText(
        d.statuses.pending,
      );
      // The newer request comes first.
      await expect(card.getByTestId('delivery-entry').first()).toContainText(watch);

      await watchEntry.getByRole('button', { name: cancelLabel(watch), exact: true }).click();
      const dialog = page.getByRole('alertdialog', { name: d.cancel.title });
      await expectAccessible();
      await dialog.getByRole('button', { name: d.cancel.confirm, exact: true }).click();
      await expect(watchEntry.getByTestId('delivery-status').first()).toHaveText(
        d.statuses.cancelled,
      );
      await expect(page.getByText(d.cancel.success, { exact: true })).toBeVisible();

      await card.getByRole('link', { name: d.main.request, exact: true }).click();
      await expect(picker.getByRole('radio', { name: new RegExp(watch) })).toBeEnabled();

      await page.goto('/dashboard');
      await waitForPage(page);
      const valuables = page.getByTestId('valuables-list');
      await expect(valuables).toContainText(watch);
      await expect(valuables).not.toContainText(necklace);
    });
  });
}
