// Fixed terms (SPEC §2 /fixed-assets, §9; DESIGN §5): a customer buys gold with cash staff
// credited (one staff member proposing, another approving), fixes part of it for one month on
// /fixed-assets and sees that part locked with its maturity date; then the maturity job runs as if
// the month had passed (the dev-only /api/v1/dev/run-jobs), and the open page shows the term
// matured and the cash up by the profit, without a reload.
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { e2eBaseUrl, expect, test, waitForPage } from './support/fixtures.ts';
import { creditCash } from './support/approvals.ts';
import { createCustomer, csrf } from './support/auth.ts';
import { customerPassword as password, randomAddress } from './support/kyc-api.ts';
import { signInThroughForm } from './support/vault.ts';
import enCustody from '../apps/web/src/locales/en/custody.json' with { type: 'json' };
import arCustody from '../apps/web/src/locales/ar/custody.json' with { type: 'json' };
import enCatalogue from '../apps/web/src/locales/en/catalogue.json' with { type: 'json' };
import arCatalogue from '../apps/web/src/locales/ar/catalogue.json' with { type: 'json' };

const catalogs = {
  en: { fixed: enCustody.fixed, catalogue: enCatalogue },
  ar: { fixed: arCustody.fixed, catalogue: arCatalogue },
} as const;

/** The maturity reaches the open page through the realtime socket, in seconds. */
const liveTimeout = 10_000;

interface Term {
  id: string;
  status: string;
  quantity: string | null;
  principal: string;
  profit: string;
  startedAt: string;
  maturesAt: string;
}

async function newApi(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({
    baseURL: e2eBaseUrl(),
    extraHTTPHeaders: { 'x-forwarded-for': randomAddress() },
  });
}

/** `start` plus one calendar month in UTC, the last day of a shorter month when it must be. */
function oneMonthLater(start: Date): Date {
  const next = new Date(start.getTime());
  const lastDay = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 2, 0));
  next.setUTCFullYear(
    start.getUTCFullYear(),
    start.getUTCMonth() + 1,
    Math.min(start.getUTCDate(), lastDay.getUTCDate()),
  );
  return next;
}

// The jobs run for every customer at once: the two languages take turns (in one worker), so one
// test's jump to a month later never matures the other's term while it is still checking it locked.
test.describe.configure({ mode: 'default' });

for (const language of ['en', 'ar'] as const) {
  const { fixed, catalogue } = catalogs[language];

  test.describe(`Fixed terms (${language})`, () => {
    test.beforeEach(async ({ usePreferences }) => {
      // Dark in Arabic, so both themes pass the accessibility check.
      await usePreferences({ language, theme: language === 'ar' ? 'dark' : 'light' });
    });

    test('a customer fixes part of their gold for a month, and it matures live', async ({
      page,
      readMailbox,
      devRequest,
      expectAccessible,
    }) => {
      test.setTimeout(120_000);
      const email = `fixed-${language}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

      // A customer with $1,000 who buys 10,000 mg of gold ($570): $430 cash left.
      const customer = await newApi();
      try {
        const user = await createCustomer(customer, readMailbox, email, password);
        await creditCash(user.id, '1000');
        const bought = await customer.post('/api/v1/trades', {
          headers: { ...csrf, 'idempotency-key': randomUUID() },
          data: { side: 'buy', asset: 'AU', quantity: '10000' },
        });
        expect(bought.status(), await bought.text()).toBe(201);
      } finally {
        await customer.dispose();
      }

      await signInThroughForm(page, language, email, password);
      await page.goto('/fixed-assets');
      await waitForPage(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(fixed.page.title);
      await expect(page.getByTestId('fixed-terms-empty')).toHaveText(fixed.list.empty);
      await expect(page.getByTestId('fixed-cash')).toContainText('430.00');
      await expect(page.getByTestId('fixed-how')).toContainText(fixed.how.locked);
      // Marks this document: a reload would lose the mark.
      await page.evaluate(() => {
        (window as unknown as { sameDocument?: boolean }).sameDocument = true;
      });

      // 4,000 mg of the 10,000: $228, 5 % for a month is $11.40.
      const goldName = new RegExp(catalogue.AU.name);
      await page.getByRole('radio', { name: goldName }).check();
      const quantity = page.getByLabel(fixed.quantity.mg, { exact: true });
      await expect(quantity).toHaveValue('10000');
      await quantity.fill('4000');
      const oneMonth = page.getByTestId('fixed-term-1');
      await expect(oneMonth.getByTestId('term-profit')).toContainText('11.40');
      await expect(oneMonth.getByTestId('term-total')).toContainText('239.40');
      const promised = (await oneMonth.getByTestId('term-maturity').textContent()) ?? '';
      await page.getByRole('radio', { name: fixed.durations['1'], exact: true }).check();
      await expectAccessible();
      await page.getByRole('button', { name: fixed.form.review, exact: true }).click();

      const review = page.getByTestId('fixed-review');
      await expect(review).toContainText('4,000.000');
      await expect(review.getByTestId('review-profit')).toContainText('11.40');
      await expect(review.getByTestId('review-maturity')).toHaveText(promised);
      await expect(review).toContainText(fixed.review.warning);
      await expectAccessible();
      await review.getByRole('button', { name: fixed.review.confirm, exact: true }).click();
      await expect(review).toBeHidden();

      // The part fixed is locked, with the date the table promised; the rest stays free.
      const locked = page.getByRole('radio', { name: goldName }).and(page.locator(':disabled'));
      await expect(locked).toHaveCount(1);
      await expect(locked).toHaveAccessibleDescription(new RegExp(fixed.picker.locked));
      await expect(
        page.getByRole('radio', { name: goldName }).and(page.locator(':enabled')),
      ).toHaveAccessibleDescription(/6,000\.000/);
      const active = page.getByTestId('fixed-terms-active').getByRole('listitem');
      await expect(active).toHaveCount(1);
      await expect(active).toContainText('4,000.000');
      await expect(active.getByTestId('term-item-maturity')).toHaveText(promised);
      await expect(active.getByTestId('term-item-countdown')).toBeVisible();
      await expect(page.getByTestId('fixed-cash')).toContainText('430.00');

      // The server counted one calendar month in UTC, as the page did.
      const listed = await page.request.get('/api/v1/me/fixed-terms');
      expect(listed.status()).toBe(200);
      const [term] = (await listed.json()) as Term[];
      expect(term?.status).toBe('active');
      expect(Number(term!.quantity)).toBe(4000);
      expect(Number(term!.profit)).toBe(11.4);
      expect(term!.maturesAt).toBe(oneMonthLater(new Date(term!.startedAt)).toISOString());

      // A minute after the maturity, the job pays the profit and unlocks the gold.
      const after = new Date(Date.parse(term!.maturesAt) + 60_000).toISOString();
      // The development tools answer only a client on the server's machine.
      const ran = await devRequest.post('/api/v1/dev/run-jobs', {
        headers: csrf,
        data: { at: after },
      });
      expect(ran.status(), await ran.text()).toBe(200);
      expect(((await ran.json()) as { ran: number }).ran).toBeGreaterThanOrEqual(1);

      const matured = page.getByTestId(`fixed-term-${term!.id}`);
      await expect(matured).toHaveAttribute('data-status', 'matured', { timeout: liveTimeout });
      await expect(matured).toContainText(fixed.list.profitPaid);
      await expect(matured.getByTestId('term-item-paid')).toContainText('11.40');
      await expect(page.getByTestId('fixed-cash')).toContainText('441.40', {
        timeout: liveTimeout,
      });
      await expect(page.getByRole('radio', { name: goldName })).toHaveCount(1);
      await expect(page.getByRole('radio', { name: goldName })).toBeEnabled();
      expect(
        await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
      ).toBe(true);
      await expectAccessible();
    });
  });
}
