// Signed statements and their public check (issue 15 item 5): a customer who bought gold with
// cash staff credited (one staff member proposing, another approving) downloads this month's
// statement and a proof of holdings from Settings, in the language of the page; then, on /verify,
// the statement they downloaded is issued by Secure Vault and unaltered, under their masked name,
// and the same file with one byte changed in the middle is not. In Arabic the pages are dark, so both themes pass the axe check.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { e2eBaseUrl, expect, test, waitForPage } from './support/fixtures.ts';
import { creditCash } from './support/approvals.ts';
import { createCustomer, csrf } from './support/auth.ts';
import { customerPassword as password, randomAddress } from './support/kyc-api.ts';
import { signInThroughForm } from './support/vault.ts';
import enStatements from '../apps/web/src/locales/en/statements.json' with { type: 'json' };
import arStatements from '../apps/web/src/locales/ar/statements.json' with { type: 'json' };

const catalogs = { en: enStatements, ar: arStatements } as const;
const locales = { en: 'en-US', ar: 'ar-u-nu-latn' } as const;

async function newApi(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({
    baseURL: e2eBaseUrl(),
    extraHTTPHeaders: { 'x-forwarded-for': randomAddress() },
  });
}

/** Clicks a download link and returns the file's name and bytes. */
async function download(page: Page, link: ReturnType<Page['getByRole']>) {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 4).toString('latin1') === '%PDF';
}

for (const language of ['en', 'ar'] as const) {
  const t = catalogs[language];

  test.describe(`Statements (${language})`, () => {
    test.beforeEach(async ({ usePreferences }) => {
      await usePreferences({ language, theme: language === 'ar' ? 'dark' : 'light' });
    });

    test('a customer downloads a signed statement, and /verify tells it from an altered copy', async ({
      page,
      readMailbox,
      expectAccessible,
    }) => {
      test.setTimeout(120_000);
      const email = `statements-${language}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

      // Some activity this month: $1,000 credited, 10,000 mg of gold bought with part of it.
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
      await page.goto('/settings/statements');
      await waitForPage(page);
      const card = page.getByTestId('statements-card');
      await expect(card.getByRole('heading', { level: 2 })).toHaveText(t.card.title);

      // This UTC month comes first, named in the page's language; documents default to it too.
      const now = new Date();
      const month = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
      const monthName = new Intl.DateTimeFormat(locales[language], {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(now);
      const monthSelect = card.getByLabel(t.card.month, { exact: true });
      await expect(monthSelect).toHaveValue(month);
      await expect(monthSelect.locator('option:checked')).toHaveText(monthName);
      await expect(card.getByLabel(t.card.language, { exact: true })).toHaveValue(language);

      const statement = await download(
        page,
        card.getByRole('link', { name: t.card.downloadStatement, exact: true }),
      );
      expect(statement.name).toBe(`secure-vault-statement-${month}.pdf`);
      expect(isPdf(statement.bytes)).toBe(true);

      const proof = await download(
        page,
        card.getByRole('link', { name: t.card.downloadProof, exact: true }),
      );
      expect(proof.name).toMatch(/^secure-vault-proof-of-holdings-\d{4}-\d{2}-\d{2}\.pdf$/);
      expect(isPdf(proof.bytes)).toBe(true);

      // The card's link to the public check.
      await card.getByRole('link', { name: '/verify' }).click();
      await expect(page).toHaveURL(/\/verify$/);
      await waitForPage(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.verify.title);
      await expect(page.getByTestId('verify-public-key')).toHaveAttribute(
        'href',
        '/.well-known/secure-vault-signing-key',
      );
      await expectAccessible();
      // Opened directly, the address answers with the app's page.
      expect((await page.request.get('/verify')).status()).toBe(200);

      // The statement as downloaded: issued by Secure Vault, to the masked address.
      const fileInput = page.getByLabel(t.verify.drop.label, { exact: true });
      await fileInput.setInputFiles({
        name: statement.name,
        mimeType: 'application/pdf',
        buffer: statement.bytes,
      });
      const result = page.getByTestId('verify-result');
      await expect(result).toHaveAttribute('data-valid', 'true');
      await expect(result.getByRole('heading', { level: 2 })).toHaveText(t.verify.valid.title);
      await expect(result.getByTestId('verify-kind')).toContainText(t.verify.kinds.statement);
      const issuedTo = result.getByTestId('verify-issuedTo').locator('dd');
      await expect(issuedTo).toHaveText(/^s\*+@e\*+\.com$/);
      await expect(result).not.toContainText(email);
      await expect(result.getByTestId('verify-period').locator('dd')).toHaveText(monthName);
      await expect(result.getByTestId('verify-journalPosition').locator('dd')).not.toBeEmpty();
      await expectAccessible();

      // The same file with one byte in the middle changed: not verified.
      const tampered = Buffer.from(statement.bytes);
      const middle = Math.floor(tampered.length / 2);
      tampered[middle] = (tampered[middle] ?? 0) ^ 0x01;
      await page.getByRole('button', { name: t.verify.again, exact: true }).click();
      await expect(fileInput).toBeFocused();
      await fileInput.setInputFiles({
        name: 'altered.pdf',
        mimeType: 'application/pdf',
        buffer: tampered,
      });
      await expect(result).toHaveAttribute('data-valid', 'false');
      await expect(result.getByTestId('verify-verdict')).toHaveText(t.verify.invalid.body);
      await expect(result.getByTestId('verify-issuedTo')).toHaveCount(0);
      await expectAccessible();

      // The proof of holdings checks too.
      await page.getByRole('button', { name: t.verify.again, exact: true }).click();
      await fileInput.setInputFiles({
        name: proof.name,
        mimeType: 'application/pdf',
        buffer: proof.bytes,
      });
      await expect(result).toHaveAttribute('data-valid', 'true');
      await expect(result.getByTestId('verify-kind')).toContainText(
        t.verify.kinds.proof_of_holdings,
      );
    });
  });
}
