// Money in and out (SPEC §2 /inter-accounts and /withdrawal, §4, §5, §8; DESIGN §5): a verified
// customer asks for a card deposit, staff complete it through the API (one proposing, another
// approving) and the open page's cash balance follows without a reload; with a bank account
// registered, the customer withdraws, the cash leaves at once, staff fail the withdrawal (again
// two of them) and the customer sees it failed, with the reason, and the cash back.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, waitForPage } from './support/fixtures.ts';
import { approvedStaffChange, staffApi } from './support/approvals.ts';
import { codePattern, csrf, waitForMail } from './support/auth.ts';
import {
  type Applicant,
  type ReadMailbox,
  customerPassword as password,
  png,
  submitVerification,
} from './support/kyc-api.ts';
import { signInThroughForm } from './support/vault.ts';
import enBanking from '../apps/web/src/locales/en/banking.json' with { type: 'json' };
import arBanking from '../apps/web/src/locales/ar/banking.json' with { type: 'json' };

const catalogs = { en: enBanking, ar: arBanking } as const;

/** Staff's decision reaches the open page through the realtime socket, in seconds. */
const liveTimeout = 10_000;

async function approve(staffSide: APIRequestContext, customer: APIRequestContext) {
  const session = await customer.get('/api/v1/auth/session');
  const { user } = (await session.json()) as { user: { id: string } };
  const decided = await staffSide.post(`/api/v1/admin/kyc/${user.id}/decision`, {
    headers: csrf,
    data: { decision: 'approve' },
  });
  expect(decided.status(), await decided.text()).toBe(200);
}

/** The customer registers a bank account under their verified name with the emailed code. */
async function registerBankAccount(
  customer: APIRequestContext,
  readMailbox: ReadMailbox,
  email: string,
) {
  const before = (await readMailbox(email)).length;
  const details = {
    bankName: 'Emirates NBD',
    accountName: 'Amira Haddad',
    accountNumber: '1014567890',
    iban: 'AE070331234567890123456',
    swiftCode: 'EBILAEAD',
    branch: 'Dubai Mall',
  };
  // The details are checked before the code is sent.
  const sent = await customer.post('/api/v1/me/bank-accounts/code', {
    headers: csrf,
    data: details,
  });
  expect(sent.status(), await sent.text()).toBe(202);
  const code = await waitForMail(readMailbox, email, codePattern, before + 1);
  const registered = await customer.post('/api/v1/me/bank-accounts', {
    headers: csrf,
    data: { ...details, code },
  });
  expect(registered.status(), await registered.text()).toBe(201);
}

/** The newest request of a kind, as the customer's own list has it. */
async function newestRequest(customer: APIRequestContext, type: string) {
  const res = await customer.get(`/api/v1/me/transfers?type=${type}&page=1&pageSize=1`);
  expect(res.status(), await res.text()).toBe(200);
  const page = (await res.json()) as { items: { id: string; reference: string | null }[] };
  expect(page.items).toHaveLength(1);
  return page.items[0]!;
}

/** Staff decide a pending request: one proposes the decision, another approves it. */
async function decide(
  type: string,
  id: string,
  data: { status: 'completed' | 'failed'; reason?: string },
) {
  await approvedStaffChange('POST', `/api/v1/admin/transfers/${type}/${id}/status`, data);
}

const cashOf = (page: Page) => page.getByTestId('cash-balance');

for (const language of ['en', 'ar'] as const) {
  const b = catalogs[language];

  test.describe(`Money in and out (${language})`, () => {
    test.beforeEach(async ({ usePreferences }) => {
      await usePreferences({ language });
    });

    test('a card deposit credited by staff, then a withdrawal failed by staff and refunded', async ({
      page,
      readMailbox,
      expectAccessible,
    }) => {
      test.setTimeout(150_000);
      const tag = `money-${language}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
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
      const customer = await submitVerification(readMailbox, applicant);
      const staffSide = await staffApi();
      try {
        await approve(staffSide, customer);

        // ── Card deposit ───────────────────────────────────────────────────────────────
        await signInThroughForm(page, language, applicant.email, password);
        await page.goto('/inter-accounts');
        await waitForPage(page);
        await expect(cashOf(page)).toContainText('0.00');
        await expect(page.getByTestId('requests-empty')).toBeVisible();
        await expectAccessible();

        await page.getByRole('button', { name: b.card.button, exact: true }).click();
        const card = page.getByRole('dialog', { name: b.card.title });
        await card.getByLabel(b.card.amount, { exact: true }).fill('500');
        await card.getByLabel(b.card.cardholderName, { exact: true }).fill('Amira Haddad');
        await card.getByLabel(b.card.number, { exact: true }).pressSequentially('4242424242424242');
        await expect(card.getByLabel(b.card.number, { exact: true })).toHaveValue(
          '4242 4242 4242 4242',
        );
        await expect(card.getByTestId('card-brand')).toHaveText(b.card.brands.Visa);
        const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
        await card.getByLabel(b.card.expiry, { exact: true }).pressSequentially(`12${nextYear}`);
        await card.getByLabel(b.card.cvv, { exact: true }).fill('123');
        await expectAccessible();
        const sent = page.waitForRequest('**/api/v1/me/deposits/card');
        await card.getByRole('button', { name: b.card.submit, exact: true }).click();
        const body = (await sent).postData() ?? '';
        expect(JSON.parse(body)).toEqual({ amount: '500', cardLastFour: '4242', cardType: 'Visa' });
        await expect(card).toBeHidden();
        await expect(page.getByText(b.card.successTitle, { exact: true })).toBeVisible();

        const deposit = await newestRequest(customer, 'card_deposit');
        expect(deposit.reference).toMatch(/^TXN\d+$/);
        await expect(
          page.locator('[data-sonner-toast]').filter({ hasText: b.card.successTitle }),
        ).toContainText(deposit.reference ?? 'TXN');
        const depositRow = page
          .getByTestId('request-item-row')
          .filter({ hasText: deposit.reference ?? '' });
        await expect(depositRow.getByTestId('request-status')).toHaveText(
          b.requests.statuses.pending,
        );

        await decide('card_deposit', deposit.id, { status: 'completed' });
        await expect(cashOf(page)).toContainText('500.00', { timeout: liveTimeout });
        await expect(depositRow.getByTestId('request-status')).toHaveText(
          b.requests.statuses.completed,
          { timeout: liveTimeout },
        );

        // ── Withdrawal ─────────────────────────────────────────────────────────────────
        await registerBankAccount(customer, readMailbox, applicant.email);
        await page.getByRole('link', { name: b.overview.withdraw, exact: true }).click();
        await expect(page).toHaveURL(/\/withdrawal$/);
        await waitForPage(page);
        await expect(cashOf(page)).toContainText('500.00');
        const picker = page.getByLabel(b.withdraw.account, { exact: true });
        await expect(picker.locator('option:checked')).toHaveText('Emirates NBD — •••• 7890');
        await page.getByLabel(b.withdraw.amount, { exact: true }).fill('200');
        await page.getByRole('button', { name: b.withdraw.submit, exact: true }).click();
        // The review: nothing leaves the balance before Confirm.
        const review = page.getByRole('alertdialog', { name: b.withdraw.review.title });
        await expect(review.getByTestId('confirm-withdrawal-account')).toContainText('•••• 7890');
        await review.getByRole('button', { name: b.withdraw.review.confirm, exact: true }).click();
        await expect(page.getByText(b.withdraw.successTitle, { exact: true })).toBeVisible();
        await expect(cashOf(page)).toContainText('300.00');

        const withdrawal = await newestRequest(customer, 'withdrawal');
        expect(withdrawal.reference).toMatch(/^WTH\d+$/);
        const withdrawals = page.getByRole('list', { name: b.requests.withdrawalsTitle });
        const withdrawalRow = withdrawals
          .getByTestId('request-item-row')
          .filter({ hasText: withdrawal.reference ?? '' });
        await expect(withdrawalRow.getByTestId('request-status')).toHaveText(
          b.requests.statuses.pending,
        );
        await expectAccessible();

        const reason = 'The bank returned the transfer.';
        await decide('withdrawal', withdrawal.id, { status: 'failed', reason });
        await expect(withdrawalRow.getByTestId('request-status')).toHaveText(
          b.requests.statuses.failed,
          { timeout: liveTimeout },
        );
        await expect(withdrawalRow.getByTestId('request-reason')).toContainText(reason);
        await expect(cashOf(page)).toContainText('500.00', { timeout: liveTimeout });
        await expect(withdrawalRow.getByRole('button')).toHaveCount(0);
      } finally {
        await customer.dispose();
        await staffSide.dispose();
      }
    });
  });
}
