// The CSP allows no inline styles (docs/decisions/011): the home page, the app's pages, a dialog
// (Radix's scroll lock inserts a <style> element with the page's nonce), toasts (sonner's rules
// come from a stylesheet file), the dashboard's chart and the admin panel with its popover work
// under it in both languages, and the browser reports no violation of it anywhere.
import type { Page } from '@playwright/test';
import { e2eBaseUrl, expect, test, waitForPage } from './support/fixtures.ts';
import { approvePending } from './support/approvals.ts';
import { codePattern, createCustomer, staff, uniqueEmail, waitForMail } from './support/auth.ts';
import { signInThroughForm } from './support/vault.ts';
import enAuth from '../apps/web/src/locales/en/auth.json' with { type: 'json' };
import arAuth from '../apps/web/src/locales/ar/auth.json' with { type: 'json' };
import enApp from '../apps/web/src/locales/en/app.json' with { type: 'json' };
import arApp from '../apps/web/src/locales/ar/app.json' with { type: 'json' };
import enAdmin from '../apps/web/src/locales/en/admin.json' with { type: 'json' };
import arAdmin from '../apps/web/src/locales/ar/admin.json' with { type: 'json' };
import enVault from '../apps/web/src/locales/en/vault.json' with { type: 'json' };
import arVault from '../apps/web/src/locales/ar/vault.json' with { type: 'json' };

const catalogs = {
  en: { auth: enAuth, app: enApp, admin: enAdmin, vault: enVault },
  ar: { auth: arAuth, app: arApp, admin: arAdmin, vault: arVault },
} as const;

/**
 * Every CSP violation the page reports from now on: Chromium logs each one to the console
 * ("… violates the following Content Security Policy directive …"), and the page's own
 * `securitypolicyviolation` events are logged too, in case a message ever changes its wording.
 */
async function watchViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `securitypolicyviolation: ${event.effectiveDirective} ${event.blockedURI} at ` +
          `${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (text.includes('Content Security Policy') || text.startsWith('securitypolicyviolation')) {
      found.push(`${page.url()}: ${text}`);
    }
  });
  return found;
}

const combinations = [
  { language: 'en', theme: 'light' },
  { language: 'ar', theme: 'dark' },
] as const;

for (const { language, theme } of combinations) {
  const { auth: t, app, admin: a, vault: v } = catalogs[language];

  test.describe(`content security policy (${language}, ${theme})`, () => {
    test.beforeEach(async ({ usePreferences }) => {
      await usePreferences({ language, theme });
    });

    test('public pages, sign-up with its dialog and toasts, and signing out', async ({
      page,
      readMailbox,
    }) => {
      const violations = await watchViolations(page);
      const response = await page.goto('/');
      expect(response?.headers()['content-security-policy']).not.toContain('unsafe-inline');
      await expect(page.locator('html')).toHaveAttribute('data-prerendered', '');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.goto('/about');
      await waitForPage(page);

      await page.goto('/auth');
      await waitForPage(page);
      const email = uniqueEmail(`csp-${language}`);
      const password = 'correct horse battery';
      await page.getByRole('tab', { name: t.signUp.tab }).click();
      // Named: unnamed, it could still find the sign-in panel the click is about to hide.
      const signUp = page.getByRole('tabpanel', { name: t.signUp.tab });
      await signUp.getByLabel(t.fields.email, { exact: true }).fill(email);
      await signUp.getByLabel(t.fields.password, { exact: true }).fill(password);
      await signUp.getByLabel(t.fields.confirmPassword, { exact: true }).fill(password);
      await signUp.getByRole('button', { name: t.signUp.submit }).click();

      const dialog = page.getByRole('dialog', { name: t.verify.title });
      await expect(dialog).toBeVisible();
      // The scroll lock's <style> element applies only because it carries the page's nonce.
      await expect(page.locator('body')).toHaveCSS('overflow', 'hidden');
      // sonner's own rules, from its stylesheet file, place and pad the toast.
      const toast = page
        .locator('[data-sonner-toast]')
        .filter({ hasText: t.signUp.codeSent.title });
      await expect(toast).toBeVisible();
      await expect(toast).toHaveCSS('position', 'absolute');
      await expect(toast).toHaveCSS('padding-top', '16px');

      const code = await waitForMail(readMailbox, email, codePattern);
      await dialog.getByLabel(t.verify.codeLabel).fill(code);
      await dialog.getByRole('button', { name: t.verify.submit }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByText(t.verify.success)).toBeVisible();
      await expect(page.locator('body')).not.toHaveCSS('overflow', 'hidden');

      await page.getByRole('button', { name: app.header.signOut, exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: app.signOut.title });
      await expect(confirm).toBeVisible();
      await expect(page.locator('body')).toHaveCSS('overflow', 'hidden');
      await confirm.getByRole('button', { name: app.signOut.confirm, exact: true }).click();
      await expect(page).toHaveURL(/\/$/);
      await waitForPage(page);

      expect(violations).toEqual([]);
    });

    test('the dashboard with its chart, and the admin panel with a toast', async ({
      page,
      browser,
      readMailbox,
    }) => {
      const violations = await watchViolations(page);
      const email = uniqueEmail(`csp-vault-${language}`);
      await createCustomer(page.request, readMailbox, email, 'customer-password');
      await page.goto('/dashboard');
      await waitForPage(page);
      await expect(page.getByTestId('vault-empty')).toBeVisible();

      const staffContext = await browser.newContext({ baseURL: e2eBaseUrl() });
      try {
        await staffContext.addInitScript(
          ([lang, th]) => {
            localStorage.setItem('language', lang);
            localStorage.setItem('theme', th);
          },
          [language, theme] as const,
        );
        const staffPage = await staffContext.newPage();
        const staffViolations = await watchViolations(staffPage);
        await signInThroughForm(staffPage, language, staff.email, staff.password);
        await staffPage.goto('/admin');
        await waitForPage(staffPage);
        await staffPage.getByRole('tab', { name: a.tabs.valuables, exact: true }).click();
        const form = staffPage.getByTestId('valuable-form');
        await form.getByLabel(a.valuables.user, { exact: true }).selectOption({ label: email });
        await form.getByLabel(a.valuables.itemName, { exact: true }).fill('Gold bar');
        await form
          .getByLabel(a.valuables.itemType, { exact: true })
          .selectOption({ label: v.itemTypes.precious_metals });
        await form.getByLabel(a.valuables.estimatedValue, { exact: true }).fill('950.25');
        await form.getByRole('button', { name: a.valuables.add, exact: true }).click();
        await expect(
          staffPage.getByText(a.approvals.proposed.title, { exact: true }),
        ).toBeVisible();
        // A second staff member approves it, so the customer's chart has something to show.
        await approvePending(email, 'valuable_add');
        for (const tab of ['users', 'bookBalance', 'transfers'] as const) {
          await staffPage.getByRole('tab', { name: a.tabs[tab], exact: true }).click();
          await expect(staffPage.getByRole('tabpanel')).toBeVisible();
        }
        await staffPage.getByRole('button', { name: a.userNetWorth.trigger }).click();
        await expect(staffPage.getByTestId('user-net-worth-list')).toContainText(email);
        await staffPage.waitForLoadState('networkidle');
        expect(staffViolations).toEqual([]);
      } finally {
        await staffContext.close();
      }

      // The customer's dashboard fills in live, chart included.
      await expect(page.getByTestId('allocation-chart').locator('.recharts-pie')).toBeVisible();
      expect(violations).toEqual([]);
    });
  });
}
