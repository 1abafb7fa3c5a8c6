// Toasts never cover the header, its navigation or the impersonation banner, on a phone or a
// desktop, in both languages (issue 16, finding 3); a success takes the place of an earlier
// error. On the way, staff open the customer from the Users tab as a phone or a desktop shows it,
// through its confirmation.
import { type Locator, type Page } from '@playwright/test';
import { expect, test, waitForPage } from './support/fixtures.ts';
import { createCustomer, uniqueEmail } from './support/auth.ts';
import { openStaffPage } from './support/vault.ts';
import enAuth from '../apps/web/src/locales/en/auth.json' with { type: 'json' };
import arAuth from '../apps/web/src/locales/ar/auth.json' with { type: 'json' };
import enAdmin from '../apps/web/src/locales/en/admin.json' with { type: 'json' };
import arAdmin from '../apps/web/src/locales/ar/admin.json' with { type: 'json' };

const catalogs = {
  en: { auth: enAuth, admin: enAdmin },
  ar: { auth: arAuth, admin: arAdmin },
} as const;

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Waits for a toast, then checks that no toast's box meets any of `areas`' boxes. */
async function expectToastsClear(page: Page, areas: Locator[]): Promise<void> {
  const toasts = page.locator('[data-sonner-toast][data-mounted="true"]');
  await expect(toasts.first()).toBeVisible();
  // Past sonner's slide-in (400 ms), where the toast comes to rest.
  await page.waitForTimeout(500);
  const toastBoxes = await toasts.evaluateAll((nodes) =>
    nodes.map((node) => node.getBoundingClientRect().toJSON() as Box),
  );
  for (const area of areas) {
    const box = await area.boundingBox();
    expect(box, 'area to keep clear').not.toBeNull();
    for (const toastBox of toastBoxes) {
      expect(overlaps(toastBox, box as Box), JSON.stringify({ toastBox, box })).toBe(false);
    }
  }
}

for (const width of [375, 1280]) {
  for (const language of ['en', 'ar'] as const) {
    const { auth: t, admin: a } = catalogs[language];

    test(`toasts leave the header and the banner uncovered at ${width} px (${language})`, async ({
      page,
      browser,
      request,
      readMailbox,
      usePreferences,
    }) => {
      test.setTimeout(90_000);
      const viewport = { width, height: width < 600 ? 740 : 800 };
      await page.setViewportSize(viewport);
      await usePreferences({ language });
      const email = uniqueEmail(`toasts-${width}-${language}`);
      await createCustomer(request, readMailbox, email, 'customer-password');

      // A wrong password, then the right one: the success takes the error's place.
      await page.goto('/auth');
      await waitForPage(page);
      const form = page.getByRole('tabpanel');
      await form.getByLabel(t.fields.email, { exact: true }).fill(email);
      await form.getByLabel(t.fields.password, { exact: true }).fill('not-the-password');
      await form.getByRole('button', { name: t.signIn.submit, exact: true }).click();
      await expect(page.getByText(t.signIn.failed, { exact: true })).toBeVisible();
      await expectToastsClear(page, [page.locator('header')]);
      await form.getByLabel(t.fields.password, { exact: true }).fill('customer-password');
      await form.getByRole('button', { name: t.signIn.submit, exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByText(t.signIn.success, { exact: true })).toBeVisible();
      await expect(page.getByText(t.signIn.failed, { exact: true })).toHaveCount(0);
      await expectToastsClear(page, [page.locator('header'), page.locator('header nav')]);

      // Staff open the customer's account: the banner above the header, and a toast.
      const staffPage = await openStaffPage(browser, { language });
      try {
        await staffPage.setViewportSize(viewport);
        await staffPage.goto('/admin?tab=users');
        await waitForPage(staffPage);
        const entry = staffPage
          .getByTestId(width < 1024 ? 'user-card' : 'user-row')
          .filter({ hasText: email });
        await entry.getByRole('button', { name: a.users.signInAs }).click();
        const confirm = staffPage.getByRole('alertdialog', { name: a.users.confirmTitle });
        await expect(confirm).toContainText(email);
        await confirm.getByRole('button', { name: a.users.confirm, exact: true }).click();
        await expect(staffPage).toHaveURL(/\/dashboard$/);
        await expect(staffPage.getByText(t.impersonate.signedIn, { exact: true })).toBeVisible();
        await expectToastsClear(staffPage, [
          staffPage.locator('header'),
          staffPage.getByTestId('impersonation-banner'),
        ]);
      } finally {
        await staffPage.context().close();
      }
    });
  }
}
