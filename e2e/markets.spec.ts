// Markets end to end (issue 29; decisions 028–031), in English and in Arabic: a customer holding an
// asset sets a price alert on its page; one staff member proposes a new price for it and a second
// approves it; the customer's open page hears the new price and the alert fire without a reload,
// and the alert's email arrives. They then place a limit order to sell part of the holding above
// the price, which reserves it; the next approved price crosses the limit and the open page shows
// the order filled, with its email. A recurring buy set up on the same page is run by the job
// runner on its day (the dev-only run-jobs, as if that day had come), and the open page shows the
// period bought, with its email. Their dashboard then shows the holding's value over time and
// its performance at 375 px and at 1280 px, neither wider than the screen. Each language prices an
// asset no other journey trades (Internet Computer, VeChain), so their figures stay SPEC's.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, waitForPage } from './support/fixtures.ts';
import { asStaff, creditCash, type Proposal } from './support/approvals.ts';
import { createCustomer, csrf, secondStaff, staff, uniqueEmail } from './support/auth.ts';
import { signInThroughForm } from './support/vault.ts';
import enTrading from '../apps/web/src/locales/en/trading.json' with { type: 'json' };
import arTrading from '../apps/web/src/locales/ar/trading.json' with { type: 'json' };
import enCharts from '../apps/web/src/locales/en/charts.json' with { type: 'json' };
import arCharts from '../apps/web/src/locales/ar/charts.json' with { type: 'json' };
import enCatalogue from '../apps/web/src/locales/en/catalogue.json' with { type: 'json' };
import arCatalogue from '../apps/web/src/locales/ar/catalogue.json' with { type: 'json' };

const catalogs = {
  en: { trading: enTrading, charts: enCharts, catalogue: enCatalogue },
  ar: { trading: arTrading, charts: arCharts, catalogue: arCatalogue },
} as const;

/** The asset each language prices, and the alert's email subject as the server words it. */
const cases = {
  en: {
    symbol: 'ICP',
    subject: 'Price alert: Internet Computer — Secure Vault',
    orderSubject: 'Limit order: Internet Computer — Secure Vault',
    recurringSubject: 'Recurring buy: Internet Computer — Secure Vault',
  },
  ar: {
    symbol: 'VET',
    subject: 'تنبيه سعر: في تشين — Secure Vault',
    orderSubject: 'أمر محدد السعر: في تشين — Secure Vault',
    recurringSubject: 'الشراء المتكرر: في تشين — Secure Vault',
  },
} as const;

/** Live updates must not need more than this once the approval is saved. */
const liveTimeout = 10_000;

async function sellPrice(request: APIRequestContext, symbol: string): Promise<number> {
  const res = await request.get('/api/v1/prices');
  const { prices } = (await res.json()) as { prices: { symbol: string; sell: string }[] };
  const found = prices.find((price) => price.symbol === symbol);
  if (!found) throw new Error(`no ${symbol} in the book`);
  return Number(found.sell);
}

/** `staff` proposes the asset's price and `secondStaff` approves it, as two people would. */
async function changePrice(symbol: string, price: string): Promise<void> {
  const proposal = await asStaff(staff, async (maker) => {
    const res = await maker.post(`/api/v1/admin/prices/${symbol}`, {
      headers: { ...csrf, 'idempotency-key': randomUUID() },
      data: { buy: price, sell: price },
    });
    expect(res.status(), await res.text()).toBe(202);
    return (await res.json()) as Proposal;
  });
  await asStaff(secondStaff, async (checker) => {
    const res = await checker.post(`/api/v1/admin/proposals/${proposal.id}/approve`, {
      headers: { ...csrf, 'idempotency-key': randomUUID() },
    });
    expect(res.status(), await res.text()).toBe(200);
  });
}

/** Nothing on the page is wider than the screen. */
async function fitsTheScreen(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const language of ['en', 'ar'] as const) {
  const { trading: t, charts: c, catalogue: cat } = catalogs[language];
  const { symbol, subject, orderSubject, recurringSubject } = cases[language];
  const name = (cat as Record<string, { name?: string }>)[symbol]?.name ?? symbol;

  test.describe(`Markets (${language})`, () => {
    test.beforeEach(async ({ usePreferences }) => {
      await usePreferences({ language });
    });

    test('an alert and a limit order fire live when approved prices reach them, a recurring buy runs, and the dashboard charts the vault', async ({
      page,
      request,
      readMailbox,
      devRequest,
    }) => {
      test.setTimeout(120_000);
      const email = uniqueEmail(`markets-${language}`);
      const customer = await createCustomer(request, readMailbox, email, 'customer-password');
      await creditCash(customer.id, '500.00');
      await signInThroughForm(page, language, email, 'customer-password');
      const bought = await page.request.post('/api/v1/trades', {
        headers: { ...csrf, 'idempotency-key': randomUUID() },
        data: { side: 'buy', asset: symbol, total: '100.00' },
      });
      expect(bought.status(), await bought.text()).toBe(201);

      // The alert, set on the asset's page 5% above the sell price now.
      const listed = await sellPrice(page.request, symbol);
      const level = (listed * 1.05).toFixed(4);
      await page.goto(`/crypto/${symbol}`);
      await waitForPage(page);
      const alerts = page.getByTestId('asset-price-alerts');
      const sellNow = alerts.getByTestId('alert-sell-price');
      const shownBefore = await sellNow.textContent();
      await alerts.getByLabel(t.alerts.direction).selectOption('above');
      await alerts.getByLabel(t.alerts.price, { exact: true }).fill(level);
      await alerts.getByRole('button', { name: t.alerts.create }).click();
      await expect(alerts.getByText(t.alerts.status.waiting, { exact: true })).toBeVisible();

      // Two staff members move the book 10% up; the open page hears the new price and the alert
      // fire, and it no longer waits.
      await changePrice(symbol, (listed * 1.1).toFixed(4));
      await expect(sellNow).not.toHaveText(shownBefore ?? '', { timeout: liveTimeout });
      await expect(alerts.getByText(t.alerts.noneWaiting.replace('{{name}}', name))).toBeVisible({
        timeout: liveTimeout,
      });
      await expect
        .poll(async () => (await readMailbox(email)).map((mail) => mail.subject), {
          timeout: liveTimeout,
        })
        .toContain(subject);

      // A limit order to sell a third of the holding 10% above the price now: it reserves the
      // quantity, waits open, and fills live when two staff members move the book across it.
      const holding = await page.request.get(`/api/v1/me/holdings/${symbol}`);
      const held = Number(((await holding.json()) as { quantity: string }).quantity);
      const quantity = (held / 3).toFixed(2);
      const limit = (listed * 1.21).toFixed(4);
      const orders = page.getByTestId('asset-limit-orders');
      await orders.getByLabel(t.orders.sides.sell, { exact: true }).check();
      await orders
        .getByLabel(t.orders.quantityUnits.replace('{{symbol}}', symbol), { exact: true })
        .fill(quantity);
      const limitField = orders.getByLabel(t.orders.limitUnit.replace('{{symbol}}', symbol), {
        exact: true,
      });
      await limitField.fill(limit);
      await orders.getByRole('button', { name: t.orders.place }).click();
      const order = orders.getByTestId('limit-order-item').first();
      await expect(order).toHaveAttribute('data-status', 'open');
      await changePrice(symbol, (listed * 1.25).toFixed(4));
      await expect(order).toHaveAttribute('data-status', 'filled', { timeout: liveTimeout });
      await expect(order.getByTestId('order-fill')).toBeVisible();
      await expect
        .poll(async () => (await readMailbox(email)).map((mail) => mail.subject), {
          timeout: liveTimeout,
        })
        .toContain(orderSubject);

      // A recurring buy of $25, set up on the page; its first period runs as if its day had come.
      const recurring = page.getByTestId('asset-recurring-buys');
      await recurring.getByLabel(t.recurring.amount, { exact: true }).fill('25');
      await recurring.getByRole('button', { name: t.recurring.create }).click();
      const plan = recurring.getByTestId('recurring-buy-item').first();
      await expect(plan).toHaveAttribute('data-status', 'active');
      const plans = await page.request.get('/api/v1/me/recurring-buys');
      const { items } = (await plans.json()) as { items: { nextRunAt: string }[] };
      const ran = await devRequest.post('/api/v1/dev/run-jobs', {
        headers: csrf,
        data: { at: new Date(Date.parse(items[0]?.nextRunAt ?? '') + 60_000).toISOString() },
      });
      expect(ran.status(), await ran.text()).toBe(200);
      await expect(
        plan.locator('[data-testid="recurring-run"][data-outcome="bought"]').first(),
      ).toBeVisible({
        timeout: liveTimeout,
      });
      await expect
        .poll(async () => (await readMailbox(email)).map((mail) => mail.subject), {
          timeout: liveTimeout,
        })
        .toContain(recurringSubject);

      // The dashboard: the vault's value over time and the holding's performance, at both widths.
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/dashboard');
        await waitForPage(page);
        await expect(page.getByRole('heading', { name: c.portfolio.title })).toBeVisible();
        const performance = page.getByRole('table', { name: c.performance.caption });
        await expect(performance.getByText(name)).toBeVisible();
        await fitsTheScreen(page);
      }
    });
  });
}
