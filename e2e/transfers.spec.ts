// Transfer assets (SPEC §2 /transfer-assets, §5; DESIGN §5): two customers whose identity staff
// approved through the API; staff credit the sender cash (one proposing, another approving); the
// sender sends part of it to the receiver's account number, confirming the receiver's masked name
// and reviewing before it goes; the receiver's dashboard, open in another browser, shows the cash
// arrive without a reload.
import type { APIRequestContext, Browser } from '@playwright/test';
import { e2eBaseUrl, expect, type Language, test, waitForPage } from './support/fixtures.ts';
import { creditCash, staffApi } from './support/approvals.ts';
import { csrf } from './support/auth.ts';
import {
  type Applicant,
  customerPassword as password,
  png,
  randomAddress,
  submitVerification,
} from './support/kyc-api.ts';
import { signInThroughForm } from './support/vault.ts';
import enTransfers from '../apps/web/src/locales/en/transfers.json' with { type: 'json' };
import arTransfers from '../apps/web/src/locales/ar/transfers.json' with { type: 'json' };
import enCatalogue from '../apps/web/src/locales/en/catalogue.json' with { type: 'json' };
import arCatalogue from '../apps/web/src/locales/ar/catalogue.json' with { type: 'json' };
import enBanking from '../apps/web/src/locales/en/banking.json' with { type: 'json' };
import arBanking from '../apps/web/src/locales/ar/banking.json' with { type: 'json' };

const catalogs = {
  en: { transfers: enTransfers, catalogue: enCatalogue, banking: enBanking },
  ar: { transfers: arTransfers, catalogue: arCatalogue, banking: arBanking },
} as const;

/** Live updates must not need more than this once the sender sees the transfer complete. */
const liveTimeout = 5000;

function applicant(tag: string, firstName: string, phoneNumber: string): Applicant {
  return {
    email: `${tag}-${firstName.toLowerCase()}@example.com`,
    firstName,
    surname: 'Haddad',
    countryCode: '+971',
    phoneNumber,
    documentCountry: 'AE',
    documentType: 'passport',
    employment: 'employed',
    documents: [{ side: 'front', name: 'passport.png', mimeType: 'image/png', buffer: png }],
  };
}

/** A customer submits their verification and staff approve it; returns their id and number. */
async function verifiedCustomer(
  staffRequests: APIRequestContext,
  readMailbox: Parameters<typeof submitVerification>[0],
  person: Applicant,
): Promise<{ id: string; accountNumber: string }> {
  const api = await submitVerification(readMailbox, person);
  try {
    const session = await api.get('/api/v1/auth/session');
    const { user } = (await session.json()) as { user: { id: string } };
    const decided = await staffRequests.post(`/api/v1/admin/kyc/${user.id}/decision`, {
      headers: csrf,
      data: { decision: 'approve' },
    });
    expect(decided.status(), await decided.text()).toBe(200);
    const account = await api.get('/api/v1/me/account');
    expect(account.status(), await account.text()).toBe(200);
    const { accountNumber } = (await account.json()) as { accountNumber: string };
    return { id: user.id, accountNumber };
  } finally {
    await api.dispose();
  }
}

/** The receiver's own browser, in the language, on their dashboard. */
async function openDashboard(browser: Browser, language: Language, email: string) {
  const context = await browser.newContext({
    baseURL: e2eBaseUrl(),
    extraHTTPHeaders: { 'x-forwarded-for': randomAddress() },
  });
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  const page = await context.newPage();
  await signInThroughForm(page, language, email, password);
  await waitForPage(page);
  return page;
}

for (const language of ['en', 'ar'] as const) {
  const { transfers: tr, catalogue, banking } = catalogs[language];
  const { recipients } = banking;

  test.describe(`Transfer assets (${language})`, () => {
    test.beforeEach(async ({ usePreferences }) => {
      await usePreferences({ language });
    });

    test('a customer sends cash to another, whose open dashboard shows it arrive', async ({
      page,
      browser,
      readMailbox,
      expectAccessible,
    }) => {
      test.setTimeout(150_000);
      const tag = `transfer-${language}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
      const senderApplicant = applicant(tag, 'Amira', '501234567');
      const receiverApplicant = applicant(tag, 'Omar', '501234568');
      const staffRequests = await staffApi();
      let receiverNumber: string;
      try {
        const sender = await verifiedCustomer(staffRequests, readMailbox, senderApplicant);
        ({ accountNumber: receiverNumber } = await verifiedCustomer(
          staffRequests,
          readMailbox,
          receiverApplicant,
        ));
        await creditCash(sender.id, '500');
      } finally {
        await staffRequests.dispose();
      }

      const receiverPage = await openDashboard(browser, language, receiverApplicant.email);
      try {
        await expect(receiverPage.getByTestId('cash-balance')).toContainText('0.00');
        // Marks this document: a reload would lose the mark.
        await receiverPage.evaluate(() => {
          (window as unknown as { sameDocument?: boolean }).sameDocument = true;
        });

        await signInThroughForm(page, language, senderApplicant.email, password);
        await page.goto('/transfer-assets');
        await waitForPage(page);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr.page.title);

        await page.getByRole('radio', { name: new RegExp(catalogue.cash) }).check();
        await page.getByLabel(tr.quantity.usd, { exact: true }).fill('120.50');
        await page.getByLabel(tr.recipient.label, { exact: true }).fill(receiverNumber);
        const status = page.getByTestId('recipient-status');
        await expect(status).toContainText(tr.recipient.sendingTo);
        await expect(page.getByTestId('recipient-name')).toHaveText('O*** H***');
        await expectAccessible();
        await page.getByRole('button', { name: tr.form.continue, exact: true }).click();

        const review = page.getByTestId('transfer-review');
        await expect(page.getByRole('heading', { name: tr.review.title })).toBeFocused();
        await expect(review.getByTestId('review-amount')).toContainText('120.50');
        await expect(review).toContainText(receiverNumber);
        await expect(review).toContainText(tr.review.warningTitle);
        await expectAccessible();
        await review.getByRole('button', { name: tr.review.confirm, exact: true }).click();

        const done = page.getByTestId('transfer-done');
        await expect(done).toBeVisible();
        await expect(done.getByTestId('transfer-reference')).toHaveText(/^[0-9A-F]{8}$/);
        await expect(done.getByRole('link', { name: tr.done.history })).toHaveAttribute(
          'href',
          '/history',
        );

        // The receiver's dashboard follows without a reload.
        await expect(receiverPage.getByTestId('cash-balance')).toContainText('120.50', {
          timeout: liveTimeout,
        });
        expect(
          await receiverPage.evaluate(
            () => (window as unknown as { sameDocument?: boolean }).sameDocument,
          ),
        ).toBe(true);

        // The receiver is saved under a nickname of the sender's own, kept as text.
        await done.getByRole('button', { name: recipients.save }).click();
        await done.getByLabel(recipients.nickname, { exact: true }).fill('<b>Omar</b>');
        await done.getByRole('button', { name: recipients.save }).click();
        await expect(done.getByTestId('recipient-saved-as')).toContainText('<b>Omar</b>');

        // The sender's own vault shows what is left.
        await done.getByRole('link', { name: tr.done.dashboard }).click();
        await expect(page).toHaveURL(/\/dashboard$/);
        await expect(page.getByTestId('cash-balance')).toContainText('379.50');

        // Next time the saved receiver is picked, not typed, and still named before sending.
        await page.goto('/transfer-assets');
        await waitForPage(page);
        const picker = page.getByLabel(recipients.pickLabel, { exact: true });
        await picker.selectOption({ index: 1 });
        await expect(page.getByLabel(tr.recipient.label, { exact: true })).toHaveValue(
          receiverNumber,
        );
        await expect(page.getByTestId('recipient-name')).toHaveText('O*** H***');
      } finally {
        await receiverPage.context().close();
      }
    });
  });
}
