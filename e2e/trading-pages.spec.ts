// The trading and history screens (SPEC §2) are accessible in both languages and both themes,
// lay out at 360 px without sideways scrolling, and say so when an address names no asset.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, waitForPage } from './support/fixtures.ts';
import { createCustomer, uniqueEmail } from './support/auth.ts';
import { signInThroughForm } from './support/vault.ts';
import enTrading from '../apps/web/src/locales/en/trading.json' with { type: 'json' };
import arTrading from '../apps/web/src/locales/ar/trading.json' with { type: 'json' };
import enHistory from '../apps/web/src/locales/en/history.json' with { type: 'json' };
import arHistory from '../apps/web/src/locales/ar/history.json' with { type: 'json' };
import enCatalogue from '../apps/web/src/locales/en/catalogue.json' with { type: 'json' };
import arCatalogue from '../apps/web/src/locales/ar/catalogue.json' with { type: 'json' };

const catalogs = {
  en: { trading: enTrading, history: enHistory, catalogue: enCatalogue },
  ar: { trading: arTrading, history: arHistory, catalogue: arCatalogue },
} as const;

const screens = ['/precious-metals', '/metal-calculator/au', '/crypto', '/crypto/BTC', '/history'];

/** A new customer, signed in through the form in `language`. */
async function signInNewCustomer(
  page: Page,
  request: APIRequestContext,
  readMailbox: Parameters<typeof createCustomer>[1],
  language: 'en' | 'ar',
  label: string,
): Promise<void> {
  const email = uniqueEmail(label);
  await createCustomer(request, readMailbox, email, 'customer-password');
  await signInThroughForm(page, language, email, 'customer-password');
}

for (const language of ['en', 'ar'] as const) {
  const { trading: t, history: h, catalogue: c } = catalogs[language];

  for (const theme of ['light', 'dark'] as const) {
    // Three tests, not one: the five screens' axe runs and the order form's states together ran
    // past the 60 s a test has on two busy cores.
    for (const [part, paths] of [
      ['metals', screens.slice(0, 2)],
      ['crypto and history', screens.slice(2)],
    ] as const) {
      test(`trading screens pass axe: ${part} (${language}, ${theme})`, async ({
        page,
        request,
        readMailbox,
        usePreferences,
        expectAccessible,
      }) => {
        await usePreferences({ language, theme });
        await signInNewCustomer(
          page,
          request,
          readMailbox,
          language,
          `trading-axe-${language}-${theme}`,
        );
        for (const path of paths) {
          await page.goto(path);
          await waitForPage(page);
          await expect(page.getByRole('status')).toHaveCount(0);
          await expectAccessible();
        }
      });
    }

    test(`the order form's states pass axe and explain themselves (${language}, ${theme})`, async ({
      page,
      request,
      readMailbox,
      usePreferences,
      expectAccessible,
    }) => {
      await usePreferences({ language, theme });
      await signInNewCustomer(
        page,
        request,
        readMailbox,
        language,
        `trading-form-${language}-${theme}`,
      );
      // The confirmation dialog, and the Sell tab.
      await page.goto('/metal-calculator/au');
      await waitForPage(page);
      await page.getByRole('tab', { name: t.tabs.sell, exact: true }).click();
      await expect(page.getByTestId('holding-quantity')).toBeVisible();
      await expectAccessible();
      // A refused amount explains itself under the field typed in; then, without cash, the
      // line says so (SPEC §8's text) before any click, and Buy cannot be pressed.
      await page.getByRole('tab', { name: t.tabs.buy, exact: true }).click();
      const mg = page.getByLabel(t.order.milligrams, { exact: true });
      await mg.fill('0');
      await expect(page.getByTestId('quantity-problem')).toHaveText(t.errors.quantityInvalidMg);
      await expect(mg).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible();
      await mg.fill('1');
      await expect(page.getByTestId('quantity-problem')).toContainText(
        t.errors.insufficientCash.split('{{')[0]!.trim(),
      );
      await expect(
        page.getByRole('button', {
          name: t.order.buyNamed.replace('{{name}}', c.AU.name),
          exact: true,
        }),
      ).toBeDisabled();
      await expectAccessible();
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      // Silver opens at a quantity that can be bought (1 mg is worth less than a cent) and
      // says what the smallest order is.
      await page.goto('/metal-calculator/ag');
      await waitForPage(page);
      await expect(page.getByLabel(t.order.milligrams, { exact: true })).toHaveValue('100');
      await expect(page.getByTestId('quantity-problem')).toContainText(
        t.errors.insufficientCash.split('{{')[0]!.trim(),
      );
      await expect(page.getByText(t.order.minimum.split('{{')[0]!.trim())).toBeVisible();
      await expect(page.getByText(/11\.905/)).toBeVisible();
      // History's empty state.
      await page.goto('/history');
      await waitForPage(page);
      await expect(page.getByRole('link', { name: h.empty.startTrading })).toHaveAttribute(
        'href',
        '/precious-metals',
      );
    });
  }

  test(`unknown symbols and narrow screens (${language})`, async ({
    page,
    request,
    readMailbox,
    usePreferences,
  }) => {
    await usePreferences({ language });
    await page.setViewportSize({ width: 360, height: 780 });
    await signInNewCustomer(page, request, readMailbox, language, `trading-narrow-${language}`);

    await page.goto('/metal-calculator/xx');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.metals.notFound);
    await page.getByRole('link', { name: t.metals.back }).click();
    await expect(page).toHaveURL(/\/precious-metals$/);

    await page.goto('/crypto/NOPE');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.crypto.notFound);
    await page.getByRole('link', { name: t.crypto.back }).click();
    await expect(page).toHaveURL(/\/crypto$/);

    // Addresses in the other case go to the canonical one.
    await page.goto('/metal-calculator/AU');
    await expect(page).toHaveURL(/\/metal-calculator\/au$/);
    await page.goto('/crypto/btc');
    await expect(page).toHaveURL(/\/crypto\/BTC$/);

    for (const path of screens) {
      await page.goto(path);
      await waitForPage(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} scrolls sideways at 360 px`).toBeLessThanOrEqual(0);
    }
    // Cards, not the table, on a phone.
    await page.goto('/precious-metals');
    await expect(page.getByTestId('metal-cards')).toBeVisible();
    await expect(page.getByTestId('metal-table')).toBeHidden();
  });
}
