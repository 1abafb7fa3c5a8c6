// Transfer Management (SPEC §2 admin tab 3, §4; DESIGN §4 "Dual control", §5): a customer asks for
// a bank-transfer deposit through the API; staff open the tab, filter to pending bank deposits,
// find it by its reference and propose completing it after reading what that does; it stays
// pending, the cash unchanged, until a second staff member approves the decision in Approvals;
// then it leaves the pending list, shows as completed with no actions left, and the customer's
// cash holds the amount.
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { e2eBaseUrl, expect, test, waitForPage } from './support/fixtures.ts';
import { createCustomer, csrf, secondStaff, staff, uniqueEmail } from './support/auth.ts';
import { customerPassword, randomAddress } from './support/kyc-api.ts';
import { expectPageAccessible, openStaffPage } from './support/vault.ts';
import enAdmin from '../apps/web/src/locales/en/admin.json' with { type: 'json' };
import arAdmin from '../apps/web/src/locales/ar/admin.json' with { type: 'json' };

const catalogs = { en: enAdmin, ar: arAdmin } as const;

interface Deposit {
  id: string;
  status: string;
  amount: string;
  reference: string;
}

async function cashOf(customer: APIRequestContext): Promise<number> {
  const res = await customer.get('/api/v1/me/account');
  expect(res.status(), await res.text()).toBe(200);
  return Number(((await res.json()) as { cashBalance: string }).cashBalance);
}

/** A button whose name starts with `text` (its hidden rest says which proposal it acts on). */
function startingWith(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

/** Transfer Management's row for a request, found by its reference. */
function rowOf(staffPage: Page, deposit: Deposit) {
  return staffPage.getByTestId('transfer-row').filter({ hasText: deposit.reference });
}

for (const language of ['en', 'ar'] as const) {
  const a = catalogs[language];

  test.describe(`Transfer Management (${language})`, () => {
    test('staff complete a pending bank deposit, a second approves, and the customer is credited', async ({
      browser,
      readMailbox,
    }) => {
      test.setTimeout(120_000);
      const email = uniqueEmail(`deposit-${language}`);
      // Cents of their own, so the amount on screen is this test's.
      const amount = `${100 + Math.floor(Math.random() * 900)}.${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
      const customer = await playwrightRequest.newContext({
        baseURL: e2eBaseUrl(),
        extraHTTPHeaders: { 'x-forwarded-for': randomAddress() },
      });
      let staffPage: Page | undefined;
      let checkerPage: Page | undefined;
      try {
        await createCustomer(customer, readMailbox, email, customerPassword);
        const cashBefore = await cashOf(customer);
        const requested = await customer.post('/api/v1/me/deposits/bank', {
          headers: { ...csrf, 'idempotency-key': randomUUID() },
          data: { amount },
        });
        expect(requested.status(), await requested.text()).toBe(201);
        const deposit = (await requested.json()) as Deposit;
        expect(deposit.status).toBe('pending');
        expect(deposit.reference).toMatch(/^TXN/);

        // Dark in Arabic, so both themes pass the accessibility check.
        staffPage = await openStaffPage(browser, {
          language,
          theme: language === 'ar' ? 'dark' : 'light',
        });
        await staffPage.getByRole('tab', { name: a.tabs.transfers, exact: true }).click();
        await expect(staffPage).toHaveURL(/\?tab=transfers$/);
        await waitForPage(staffPage);
        const typeFilter = staffPage.getByLabel(a.transfers.filters.type, { exact: true });
        const statusFilter = staffPage.getByLabel(a.transfers.filters.status, { exact: true });
        await typeFilter.selectOption('bank_deposit');
        await statusFilter.selectOption('pending');

        const row = rowOf(staffPage, deposit);
        await expect(row).toHaveCount(1);
        await expect(row).toContainText(email);
        await expect(row).toContainText(amount);
        await expect(row.getByTestId('transfer-status-badge')).toHaveText(
          a.transfers.statuses.pending,
        );
        await expect(statusFilter.locator('option[value="pending"]')).toHaveText(
          new RegExp(`^${a.transfers.statuses.pending} \\(\\d+\\)$`),
        );
        await expectPageAccessible(staffPage);

        await row.getByRole('button', { name: a.transfers.actions.complete }).click();
        const confirm = staffPage.getByRole('alertdialog', {
          name: a.transfers.decision.titles.completed,
        });
        const effect = confirm.getByTestId('transfer-effect');
        await expect(effect).toContainText(amount);
        await expect(effect).toContainText(a.transfers.decision.afterApproval);
        await expectPageAccessible(staffPage);
        await confirm
          .getByRole('button', { name: a.transfers.decision.confirm.completed, exact: true })
          .click();
        await expect(confirm).toBeHidden();
        await expect(
          staffPage.getByText(a.approvals.proposed.title, { exact: true }),
        ).toBeVisible();

        // Sent for approval: the request is still pending, and the customer's cash unchanged.
        await expect(row.getByTestId('transfer-status-badge')).toHaveText(
          a.transfers.statuses.pending,
        );
        expect(await cashOf(customer)).toBeCloseTo(cashBefore, 2);

        // A second staff member finds the decision in Approvals and approves it.
        checkerPage = await openStaffPage(browser, {
          language,
          theme: language === 'ar' ? 'dark' : 'light',
          as: secondStaff,
        });
        const proposal = checkerPage
          .getByTestId('proposal-row')
          .filter({ hasText: deposit.reference })
          .filter({ hasText: a.approvals.kinds.request_decision });
        await expect(proposal).toHaveCount(1);
        await expect(proposal).toContainText(email);
        await expect(proposal).toContainText(a.transfers.types.bank_deposit);
        await expect(proposal).toContainText(
          a.approvals.decisionAsked.replace('{{status}}', a.transfers.statuses.completed),
        );
        await expect(proposal.getByTestId('proposal-effect')).toContainText(amount);
        await expect(proposal.getByTestId('proposal-maker')).toContainText(staff.email);
        await expectPageAccessible(checkerPage);
        await proposal
          .getByRole('button', { name: startingWith(a.approvals.actions.approve) })
          .click();
        const approve = checkerPage.getByRole('alertdialog', { name: a.approvals.approve.title });
        await expect(approve.getByTestId('proposal-dialog-effect')).toContainText(amount);
        await approve
          .getByRole('button', { name: a.approvals.approve.confirm, exact: true })
          .click();
        await expect(approve).toBeHidden();
        await expect(
          checkerPage.getByText(a.approvals.done.approved, { exact: true }),
        ).toBeVisible();
        await expect(proposal).toHaveCount(0);

        // It leaves the pending list, and is found completed, with nothing left to decide.
        await staffPage
          .getByRole('tabpanel', { name: a.tabs.transfers })
          .getByRole('button', { name: a.transfers.refresh, exact: true })
          .click();
        await expect(row).toHaveCount(0);
        await statusFilter.selectOption('completed');
        await expect(row).toHaveCount(1);
        await expect(row.getByTestId('transfer-status-badge')).toHaveText(
          a.transfers.statuses.completed,
        );
        await expect(row.getByRole('button')).toHaveCount(0);

        // The customer's cash holds the deposit, once.
        await expect.poll(() => cashOf(customer)).toBeCloseTo(cashBefore + Number(amount), 2);
      } finally {
        await checkerPage?.context().close();
        await staffPage?.context().close();
        await customer.dispose();
      }
    });
  });
}
