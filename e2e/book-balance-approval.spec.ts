// Four-eyes book balance (DESIGN §5 "Book balance", issue 15): one staff member records a book
// balance in the Book Balance tab; the customer's dashboard shows it faded, "Pending approval",
// with nothing in their cash; its recorder is offered no decision, only that it waits; a second
// staff member approves it after reading what that does; the customer's cash then holds the
// amount, nothing is pending, and their History lists "Book balance approved".
//
// Two staff accounts are needed, and the shared e2e server has one, so this file runs a server of
// its own: the second account is made with `npm run admin -- create` on a fresh data folder, the
// first by ADMIN_EMAIL at start-up.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Browser, type Page, request as playwrightRequest } from '@playwright/test';
import { expect, type Language, type Theme, test, waitForPage } from './support/fixtures.ts';
import { createCustomer, uniqueEmail } from './support/auth.ts';
import { customerPassword, randomAddress } from './support/kyc-api.ts';
import { expectPageAccessible, signInThroughForm } from './support/vault.ts';
import enAdmin from '../apps/web/src/locales/en/admin.json' with { type: 'json' };
import arAdmin from '../apps/web/src/locales/ar/admin.json' with { type: 'json' };
import enVault from '../apps/web/src/locales/en/vault.json' with { type: 'json' };
import arVault from '../apps/web/src/locales/ar/vault.json' with { type: 'json' };
import enHistory from '../apps/web/src/locales/en/history.json' with { type: 'json' };
import arHistory from '../apps/web/src/locales/ar/history.json' with { type: 'json' };

const catalogs = {
  en: { admin: enAdmin, vault: enVault, history: enHistory },
  ar: { admin: arAdmin, vault: arVault, history: arHistory },
} as const;

const root = path.resolve(import.meta.dirname, '..');
const recorder = { email: 'recorder@securevault.example', password: 'recorder-password-e2e' };
const approver = { email: 'approver@securevault.example', password: 'approver-password-e2e' };

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

interface Server {
  url: string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A server as global-setup starts one, with both staff accounts. */
async function startServer(): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sv-e2e-four-eyes-'));
  const url = `http://localhost:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: url,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    MAIL_URL: '',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    STAFF_2FA: 'optional',
    TRUST_PROXY: 'true',
  };
  await promisify(execFile)(
    process.execPath,
    [
      'apps/server/src/cli/admin.ts',
      'create',
      '--email',
      approver.email,
      '--password',
      approver.password,
    ],
    { cwd: root, env },
  );
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: root,
    env: { ...env, ADMIN_EMAIL: recorder.email, ADMIN_PASSWORD: recorder.password },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server exited with code ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not become ready at ${url}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A browser of its own (language, theme, client address) on this file's server. */
async function openBrowser(
  browser: Browser,
  url: string,
  language: Language,
  theme: Theme,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: url,
    extraHTTPHeaders: { 'x-forwarded-for': randomAddress() },
  });
  await context.addInitScript(
    ([lang, th]) => {
      localStorage.setItem('language', lang);
      localStorage.setItem('theme', th);
    },
    [language, theme] as const,
  );
  return context.newPage();
}

/** A staff member signed in, on the Book Balance tab. */
async function openBookBalanceTab(
  browser: Browser,
  url: string,
  language: Language,
  theme: Theme,
  who: { email: string; password: string },
): Promise<Page> {
  const page = await openBrowser(browser, url, language, theme);
  await signInThroughForm(page, language, who.email, who.password);
  await page.goto('/admin?tab=bookBalance');
  await waitForPage(page);
  await expect(
    page.getByRole('tab', { name: catalogs[language].admin.tabs.bookBalance, exact: true }),
  ).toHaveAttribute('aria-selected', 'true');
  return page;
}

let server: Server | undefined;

test.describe('four-eyes book balance', () => {
  test.skip(process.env.E2E_SKIP === '1', 'No Chromium on this machine');
  // Both languages share this file's server, one after the other.
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(180_000);
    server = await startServer();
  });

  test.afterAll(async () => {
    await server?.stop();
    server = undefined;
  });

  for (const language of ['en', 'ar'] as const) {
    const { admin: a, vault: v, history: h } = catalogs[language];

    test(`a second staff member approves what the first recorded (${language})`, async ({
      browser,
    }) => {
      test.setTimeout(150_000);
      const url = server!.url;
      const email = uniqueEmail(`four-eyes-${language}`);
      // Cents of its own, so the figures on screen are this test's.
      const amount = `${100 + Math.floor(Math.random() * 900)}.${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
      const customerApi = await playwrightRequest.newContext({
        baseURL: url,
        extraHTTPHeaders: { 'x-forwarded-for': randomAddress() },
      });
      const readMailbox = async (to: string) => {
        const res = await customerApi.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(to)}`);
        expect(res.ok()).toBe(true);
        return res.json();
      };
      const pages: Page[] = [];
      try {
        await createCustomer(customerApi, readMailbox, email, customerPassword);

        // The first staff member records the amount.
        const first = await openBookBalanceTab(browser, url, language, 'light', recorder);
        pages.push(first);
        const form = first.getByTestId('book-balance-form');
        await form.getByLabel(a.bookBalance.user, { exact: true }).selectOption({ label: email });
        await form.getByLabel(a.bookBalance.amount, { exact: true }).fill(amount);
        await form.getByRole('button', { name: a.bookBalance.submit, exact: true }).click();
        await expect(first.getByText(a.bookBalance.updated, { exact: true })).toBeVisible();
        await expect(first.getByText(a.bookBalance.updatedBody, { exact: true })).toBeVisible();

        // Its recorder sees it pending, recorded by them, and cannot decide it.
        const recordedRow = first.getByTestId('book-balance-row').filter({ hasText: email });
        await expect(recordedRow).toContainText(amount);
        await expect(recordedRow.getByTestId('book-balance-pending-badge')).toHaveText(
          a.bookBalance.pendingApproval,
        );
        await expect(recordedRow.getByTestId('book-balance-recorded')).toContainText(
          recorder.email,
        );
        await expect(recordedRow.getByTestId('book-balance-waiting')).toHaveText(
          a.bookBalance.waiting,
        );
        await expect(recordedRow.getByRole('button')).toHaveCount(0);
        await expectPageAccessible(first);

        // The customer sees it faded, pending approval, and none of it in their cash yet.
        const customer = await openBrowser(browser, url, language, 'light');
        pages.push(customer);
        await signInThroughForm(customer, language, email, customerPassword);
        await waitForPage(customer);
        const bookBalance = customer.getByTestId('book-balance');
        await expect(bookBalance).toContainText(amount);
        await expect(bookBalance.getByTestId('book-balance-pending')).toHaveText(
          v.balances.pendingApproval,
        );
        await expect(bookBalance.locator('[data-pending]')).toHaveClass(/text-muted-foreground/);
        await expect(customer.getByTestId('cash-balance')).toContainText('0.00');
        await expect(customer.getByTestId('cash-balance')).not.toContainText(amount);

        // The second staff member (dark theme, for both themes' contrast) approves it.
        const second = await openBookBalanceTab(browser, url, language, 'dark', approver);
        pages.push(second);
        const row = second.getByTestId('book-balance-row').filter({ hasText: email });
        await expect(row.getByTestId('book-balance-recorded')).toContainText(recorder.email);
        await expectPageAccessible(second);
        await row
          .getByRole('button', { name: fill(a.bookBalance.approveNamed, { email }), exact: true })
          .click();
        const dialog = second.getByRole('alertdialog', {
          name: a.bookBalance.decision.approveTitle,
        });
        const effect = dialog.getByTestId('book-balance-effect');
        await expect(effect).toContainText(amount);
        await expect(effect).toContainText(email);
        await expectPageAccessible(second);
        await dialog
          .getByRole('button', { name: a.bookBalance.decision.confirmApprove, exact: true })
          .click();
        await expect(dialog).toBeHidden();
        await expect(
          second.getByText(a.bookBalance.decision.approved, { exact: true }),
        ).toBeVisible();
        await expect(row.getByTestId('book-balance-pending-badge')).toHaveCount(0);
        await expect(row).toContainText(a.bookBalance.nothingPending);
        await expect(row.getByRole('button')).toHaveCount(0);

        // The customer's cash holds the amount, and nothing is pending any more.
        await customer.reload();
        await waitForPage(customer);
        await expect(customer.getByTestId('cash-balance')).toContainText(amount);
        await expect(bookBalance.getByTestId('book-balance-pending')).toHaveCount(0);
        await expect(bookBalance).toContainText('0.00');

        // Their History says what happened.
        await customer.goto('/history');
        await waitForPage(customer);
        const item = customer
          .getByTestId('history-item')
          .filter({ has: customer.getByTestId('history-kind') })
          .filter({ hasText: h.kinds.book_balance });
        await expect(item).toHaveCount(1);
        await expect(item).toContainText(amount);

        // The recorder's list follows: nothing left to wait for.
        await first.reload();
        await waitForPage(first);
        const after = first.getByTestId('book-balance-row').filter({ hasText: email });
        await expect(after).toContainText(a.bookBalance.nothingPending);
        await expect(after.getByTestId('book-balance-waiting')).toHaveCount(0);
      } finally {
        for (const page of pages) await page.context().close();
        await customerApi.dispose();
      }
    });
  }
});
