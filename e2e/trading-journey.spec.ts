// Trading end to end (SPEC §2, §5, §9; DESIGN §2, §5): staff give a customer cash (one staff
// member proposing, another approving); the customer buys gold by milligrams and by amount, sells
// part of it, buys and sells bitcoin, swaps gold for silver, then finds every one in /history and
// in the downloaded CSV.
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test, waitForPage } from './support/fixtures.ts';
import { creditCash } from './support/approvals.ts';
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

const csvHeader = {
  en: 'Date,Type,Asset,Item,Quantity,Amount (USD),Reference',
  ar: 'التاريخ,النوع,الأصل,البند,الكمية,المبلغ (دولار أمريكي),المرجع',
} as const;

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/**
 * The element shows this amount as whole cents: the figure is not part of a longer number
 * ("100.00" but not "100.005" or "1100.00"), whatever the language puts around it.
 */
async function expectCents(locator: Locator, cents: string) {
  const figure = cents.replace('.', '\\.');
  await expect(locator).toHaveText(new RegExp(`(^|[^\\d.,])${figure}($|[^\\d])`));
}

/** Opens the confirmation, checks its exact total, confirms, and waits for the success toast. */
async function confirmOrder(
  page: Page,
  button: string,
  confirm: { label: string; total: string; toast: string },
  whileOpen?: () => Promise<void>,
) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByTestId('confirm-total')).toContainText(confirm.total);
  await whileOpen?.();
  await dialog.getByRole('button', { name: confirm.label, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(confirm.toast, { exact: true }).first()).toBeVisible();
}

for (const language of ['en', 'ar'] as const) {
  const { trading: t, history: h, catalogue: c } = catalogs[language];

  test.describe(`trading (${language})`, () => {
    test.beforeEach(async ({ usePreferences }) => {
      await usePreferences({ language });
    });

    test('buy, sell and swap, then find each in the history and its CSV', async ({
      page,
      request,
      readMailbox,
      expectAccessible,
    }) => {
      test.setTimeout(120_000);
      const email = uniqueEmail(`trader-${language}`);
      const customer = await createCustomer(request, readMailbox, email, 'customer-password');
      await creditCash(customer.id, '1000.00');
      await signInThroughForm(page, language, email, 'customer-password');

      // The list leads to the calculator.
      await page.goto('/precious-metals');
      await waitForPage(page);
      await page.getByRole('link', { name: c.AU.name, exact: true }).click();
      await expect(page).toHaveURL(/\/metal-calculator\/au$/);
      await waitForPage(page);
      await expect(page.getByTestId('cash-balance')).toContainText('1,000.00');

      // Buy 1000 mg.
      const mg = page.getByLabel(t.order.milligrams, { exact: true });
      const usd = page.getByLabel(t.order.amountUsd, { exact: true });
      await expect(mg).toHaveValue('1');
      // 1 mg costs $0.057: paid as whole cents, rounded up (DESIGN §2).
      await expect(usd).toHaveValue('0.06');
      await mg.fill('1000');
      await expect(usd).toHaveValue('57.00');
      const buyGold = fill(t.order.buyNamed, { name: c.AU.name });
      await confirmOrder(
        page,
        buyGold,
        { label: t.confirm.buy, total: '57.00', toast: t.success.buyTitle },
        expectAccessible,
      );
      await expect(page.getByTestId('cash-balance')).toContainText('943.00');

      // Buy $100 worth: 1754.385 mg (worth $99.999945) for exactly the $100.00 typed.
      await usd.fill('100');
      await expect(mg).toHaveValue('1754.385');
      await expectCents(page.getByTestId('summary-total'), '100.00');
      await confirmOrder(page, buyGold, {
        label: t.confirm.buy,
        total: '100.00',
        toast: t.success.buyTitle,
      });
      await expect(page.getByTestId('cash-balance')).toContainText('843.00');

      // Sell part of it.
      await page.getByRole('tab', { name: t.tabs.sell, exact: true }).click();
      await expect(page.getByTestId('holding-quantity')).toContainText('2,754.385');
      await page.getByLabel(t.order.milligrams, { exact: true }).fill('500');
      await confirmOrder(page, fill(t.order.sellNamed, { name: c.AU.name }), {
        label: t.confirm.sell,
        total: '28.50',
        toast: t.success.sellTitle,
      });
      await expect(page.getByTestId('holding-quantity')).toContainText('2,254.385');

      // Bitcoin: buy 0.001, sell half.
      await page.goto('/crypto');
      await waitForPage(page);
      await page.getByRole('link', { name: c.BTC.name, exact: true }).click();
      await expect(page).toHaveURL(/\/crypto\/BTC$/);
      await waitForPage(page);
      // The 500 mg sold for 500 × $0.057 = $28.50: 843.00 + 28.50.
      await expectCents(page.getByTestId('cash-balance'), '871.50');
      const units = page.getByLabel(fill(t.order.units, { symbol: 'BTC' }), { exact: true });
      await units.fill('0.001');
      await expect(page.getByLabel(t.order.totalUsd, { exact: true })).toHaveValue('115.00');
      await confirmOrder(page, fill(t.order.buyNamed, { name: c.BTC.name }), {
        label: t.confirm.buy,
        total: '115.00',
        toast: t.success.buyTitle,
      });
      await page.getByRole('tab', { name: t.tabs.sell, exact: true }).click();
      await expect(page.getByTestId('holding-quantity')).toContainText('0.00100000');
      await page.getByLabel(fill(t.order.units, { symbol: 'BTC' }), { exact: true }).fill('0.0005');
      await confirmOrder(page, fill(t.order.sellNamed, { name: c.BTC.name }), {
        label: t.confirm.sell,
        total: '57.50',
        toast: t.success.sellTitle,
      });

      // Swap 1000 mg of gold for silver from the dashboard.
      await page.goto('/dashboard');
      await waitForPage(page);
      // 871.50 − 115.00 + 57.50.
      await expectCents(page.getByTestId('cash-balance'), '814.00');
      await page.getByRole('button', { name: t.swap.open, exact: true }).click();
      const swap = page.getByRole('dialog', { name: t.swap.title });
      await swap.getByLabel(t.swap.from, { exact: true }).selectOption('AU');
      await swap.getByLabel(t.swap.to, { exact: true }).selectOption('AG');
      await swap.getByLabel(t.swap.quantityMg, { exact: true }).fill('1000');
      await expect(swap.getByTestId('swap-receive')).toContainText('67,857.142');
      // $57.00 buys 67,857.142 mg of silver; the $0.00000072 left is under a cent, so no cash.
      await expectCents(swap.getByTestId('swap-give'), '57.00');
      await expectCents(swap.getByTestId('swap-remainder'), '0.00');
      await expectAccessible();
      await swap.getByRole('button', { name: t.swap.confirm, exact: true }).click();
      await expect(swap).toBeHidden();
      await expect(page.getByText(t.swap.successTitle, { exact: true }).first()).toBeVisible();
      // No cents came back from the swap, and none were taken: cash is still 814.00.
      await expectCents(page.getByTestId('cash-balance'), '814.00');

      // Everything is in the history: cash from staff, 3 buys, 2 sales, 1 swap, counted once each.
      await page.goto('/history');
      await waitForPage(page);
      await expect(page.getByTestId('summary-total')).toContainText('7');
      await expect(page.getByTestId('summary-purchases')).toContainText('3');
      await expect(page.getByTestId('summary-sales')).toContainText('2');
      await expect(page.getByTestId('summary-swaps')).toContainText('1');
      await expect(page.getByTestId('summary-staffAdjustments')).toContainText('1');
      const items = page.getByTestId('history-item');
      await expect(items).toHaveCount(7);
      await expect(items.nth(0).getByTestId('history-kind')).toHaveText(h.kinds.swap);
      await expect(items.nth(0)).toContainText(c.AG.name);
      await expect(items.nth(0)).toContainText('+67,857.142');
      await expect(items.nth(1).getByTestId('history-kind')).toHaveText(h.kinds.sell);
      await expect(items.nth(1)).toContainText(c.BTC.name);
      await expect(items.nth(2).getByTestId('history-kind')).toHaveText(h.kinds.buy);
      await expect(items.nth(2)).toContainText('+0.00100000');
      await expect(items.nth(3).getByTestId('history-kind')).toHaveText(h.kinds.sell);
      await expect(items.nth(3)).toContainText('-500.000');
      await expect(items.nth(4)).toContainText('+1,754.385');
      await expectCents(items.nth(4), '100.00');
      await expect(items.nth(4)).not.toContainText('99.99');
      await expect(items.nth(6).getByTestId('history-kind')).toHaveText(h.kinds.admin_add);

      // The $100 buy's receipt, opened from its row, says what the row says, and leads back.
      await items.nth(4).getByRole('link').click();
      await expect(page).toHaveURL(/\/history\/[0-9a-f-]{36}$/);
      await expect(page.getByTestId('receipt-kind')).toHaveText(h.kinds.buy);
      await expectCents(page.getByTestId('receipt-amount'), '100.00');
      await expect(page.getByTestId('receipt-lines')).toContainText('+1,754.385');
      await page.getByRole('link', { name: h.receipt.backToHistory }).click();
      await expect(items).toHaveCount(7);

      // The CSV of everything, headed and labelled in the page's language.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('history-csv').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^secure-vault-history-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await readFile(await download.path(), 'utf8');
      const lines = csv.trim().split(/\r\n/);
      expect(lines[0]).toBe(csvHeader[language]);
      const rows = lines.slice(1).map((line) => line.split(','));
      const has = (kind: string, asset: string, quantity: string) =>
        rows.some((row) => row[1] === kind && row[2] === asset && row[4] === quantity);
      expect(has(h.kinds.buy, 'AU', '1000.00000000')).toBe(true);
      expect(has(h.kinds.buy, 'AU', '1754.38500000')).toBe(true);
      expect(has(h.kinds.sell, 'AU', '-500.00000000')).toBe(true);
      expect(has(h.kinds.buy, 'BTC', '0.00100000')).toBe(true);
      expect(has(h.kinds.sell, 'BTC', '-0.00050000')).toBe(true);
      expect(has(h.kinds.swap_out, 'AU', '-1000.00000000')).toBe(true);
      expect(has(h.kinds.swap_in, 'AG', '67857.14200000')).toBe(true);
      // Amounts in whole cents, as on the page: the $100 buy took exactly 100.00 of cash, and
      // its gold (worth $99.999945) reads 100.00 too; the cash rows add up to the cash held.
      expect(rows.some((row) => row[1] === h.kinds.buy && row[5] === '-100.00')).toBe(true);
      expect(rows.every((row) => /^-?\d+\.\d{2}$/.test(row[5] ?? ''))).toBe(true);
      const cashRows = rows.filter((row) => row[2] === 'USD');
      const cashHeld = cashRows.reduce((cents, row) => cents + Math.round(Number(row[5]) * 100), 0);
      expect(cashHeld).toBe(81_400);
      expect(rows.filter((row) => row[2] === 'AU').every((row) => row[3] === c.AU.name)).toBe(true);

      // Filtered to sales: the list, the address and the CSV link follow.
      await page.getByLabel(h.filters.group, { exact: true }).selectOption('sales');
      await expect(page).toHaveURL(/\/history\?group=sales$/);
      await expect(items).toHaveCount(2);
      await expect(page.getByTestId('history-csv')).toHaveAttribute(
        'href',
        `/api/v1/me/history.csv?group=sales&language=${language}`,
      );
      const [salesDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('history-csv').click(),
      ]);
      const salesCsv = await readFile(await salesDownload.path(), 'utf8');
      const kinds = new Set(
        salesCsv
          .trim()
          .split(/\r\n/)
          .slice(1)
          .map((line) => line.split(',')[1]),
      );
      expect([...kinds]).toEqual([h.kinds.sell]);
    });
  });
}
