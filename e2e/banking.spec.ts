// Bank accounts (SPEC §2 /inter-accounts and /withdrawal, §5, DESIGN §5): a customer whose
// identity staff approved through the API opens the account overview, goes to Withdraw, registers
// a bank account under the verified name with the code the dev mailbox holds, and sees it listed
// with its number masked.
import { request as playwrightRequest } from '@playwright/test';
import { e2eBaseUrl, expect, test, waitForPage } from './support/fixtures.ts';
import { codePattern, csrf, staff } from './support/auth.ts';
import {
  type Applicant,
  customerPassword as password,
  png,
  randomAddress,
  submitVerification,
} from './support/kyc-api.ts';
import { signInThroughForm } from './support/vault.ts';
import enBanking from '../apps/web/src/locales/en/banking.json' with { type: 'json' };
import arBanking from '../apps/web/src/locales/ar/banking.json' with { type: 'json' };

const catalogs = { en: enBanking, ar: arBanking } as const;

/** Staff approve the customer's submitted verification through the API. */
async function approveThroughApi(userId: string) {
  const api = await playwrightRequest.newContext({
    baseURL: e2eBaseUrl(),
    extraHTTPHeaders: { 'x-forwarded-for': randomAddress() },
  });
  try {
    const signedIn = await api.post('/api/v1/auth/sign-in', {
      headers: csrf,
      data: { email: staff.email, password: staff.password },
    });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    const decided = await api.post(`/api/v1/admin/kyc/${userId}/decision`, {
      headers: csrf,
      data: { decision: 'approve' },
    });
    expect(decided.status(), await decided.text()).toBe(200);
  } finally {
    await api.dispose();
  }
}

for (const language of ['en', 'ar'] as const) {
  const b = catalogs[language];

  test.describe(`Bank accounts (${language})`, () => {
    test.beforeEach(async ({ usePreferences }) => {
      await usePreferences({ language });
    });

    test('a verified customer registers a bank account with the emailed code', async ({
      page,
      readMailbox,
    }) => {
      test.setTimeout(120_000);
      const tag = `bank-${language}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
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
      const customerApi = await submitVerification(readMailbox, applicant);
      try {
        const session = await customerApi.get('/api/v1/auth/session');
        const { user } = (await session.json()) as { user: { id: string } };
        await approveThroughApi(user.id);
      } finally {
        await customerApi.dispose();
      }

      await signInThroughForm(page, language, applicant.email, password);
      await page.goto('/inter-accounts');
      await waitForPage(page);
      await expect(page.getByTestId('account-number')).toHaveText(/^\d+$/);
      await expect(page.getByText(b.kyc.approved)).toBeVisible();
      await page.getByRole('link', { name: b.overview.withdraw, exact: true }).click();
      await expect(page).toHaveURL(/\/withdrawal$/);
      await waitForPage(page);
      await expect(page.getByText(b.accounts.empty)).toBeVisible();

      await page.getByRole('button', { name: b.register.button, exact: true }).click();
      const form = page.getByRole('dialog', { name: b.register.title });
      const mailBefore = (await readMailbox(applicant.email)).length;
      await form.getByLabel(b.fields.bankName, { exact: true }).fill('Emirates NBD');
      await form.getByLabel(b.fields.accountName, { exact: true }).fill('amira  HADDAD');
      await form.getByLabel(b.fields.accountNumber, { exact: true }).fill('1014567890');
      await form.getByLabel(b.fields.iban, { exact: true }).fill('AE07 0331 2345 6789 0123 456');
      await form.getByLabel(b.fields.swiftCode, { exact: true }).fill('EBILAEAD');
      await form.getByLabel(b.fields.branch, { exact: true }).fill('Dubai Mall');
      await form.getByRole('button', { name: b.register.continue, exact: true }).click();

      const codeDialog = page.getByRole('dialog', { name: b.verify.title });
      await expect(codeDialog).toBeVisible();
      let code: string | undefined;
      await expect
        .poll(
          async () => {
            const mail = await readMailbox(applicant.email);
            if (mail.length <= mailBefore) return undefined;
            code = mail[0]?.text.match(codePattern)?.[1];
            return code;
          },
          { message: `bank code mail to ${applicant.email}`, timeout: 10_000 },
        )
        .toBeTruthy();
      await codeDialog.getByLabel(b.verify.codeLabel, { exact: true }).fill(code ?? '');
      await codeDialog.getByRole('button', { name: b.verify.submit, exact: true }).click();
      await expect(codeDialog).toBeHidden();

      const list = page.getByRole('list', { name: b.accounts.title });
      await expect(list.getByText('Emirates NBD', { exact: true }).first()).toBeVisible();
      await expect(list).toContainText('•••• 7890');
      await expect(list).toContainText('•••• 3456');
      await expect(list).not.toContainText('1014567890');
    });
  });
}
