// Dual control (DESIGN §4, decision 018): one staff member proposes, through the admin panel, a
// custody intake (Valuables Management) and a book balance for a fresh customer; each is only
// "sent for approval", so the customer's vault stays empty and the book balance waits, pending.
// The proposer finds both in Approvals with no Approve of their own, only Withdraw. A second staff
// member opens Approvals (the first tab), reads who proposed each and its effect, approves the
// intake after reading what that does and rejects the book balance with a reason; the customer's
// open dashboard then shows the item, and never the rejected amount. Decided proposals say how,
// by whom and why. The second staff member's panel is dark, so both themes pass axe. Their bell
// counts the change waiting, their notification centre lists it linked to Approvals, and once
// decided it reads as read there while its maker's centre says how and by whom.
import type { Locator, Page } from '@playwright/test';
import { expect, test, waitForPage } from './support/fixtures.ts';
import { createCustomer, secondStaff, staff, uniqueEmail } from './support/auth.ts';
import { customerPassword } from './support/kyc-api.ts';
import { expectPageAccessible, openStaffPage, signInThroughForm } from './support/vault.ts';
import enAdmin from '../apps/web/src/locales/en/admin.json' with { type: 'json' };
import arAdmin from '../apps/web/src/locales/ar/admin.json' with { type: 'json' };
import enVault from '../apps/web/src/locales/en/vault.json' with { type: 'json' };
import arVault from '../apps/web/src/locales/ar/vault.json' with { type: 'json' };

const catalogs = {
  en: { admin: enAdmin, vault: enVault },
  ar: { admin: arAdmin, vault: arVault },
} as const;

/** The approvals notices' titles, as the server words them (mail/approval-templates.ts). */
const noticeTitles = {
  en: {
    waiting: 'A change is waiting for your approval',
    approved: 'Your proposed change was approved',
    rejected: 'Your proposed change was rejected',
  },
  ar: {
    waiting: 'تغيير بانتظار موافقتك',
    approved: 'تمت الموافقة على اقتراحك',
    rejected: 'رُفض اقتراحك',
  },
} as const;

/** How many notices the signed-in staff member has not read, as their bell counts them. */
async function unreadOf(page: Page): Promise<number> {
  const res = await page.request.get('/api/v1/me/notifications/unread');
  return (await res.json()).unread as number;
}

/** The centre's notice titled `title` whose lines name `amount`. */
function noticeOf(centre: Page, title: string, amount: string): Locator {
  return centre
    .getByTestId('notification-item')
    .filter({ has: centre.getByRole('heading', { name: title }) })
    .filter({ hasText: amount });
}

/** Live updates must not need more than this once the approval is saved. */
const liveTimeout = 5000;

/** An amount under 1,000 with cents of its own, so the figures on screen are this test's. */
function randomAmount(): string {
  const cents = String(Math.floor(Math.random() * 100)).padStart(2, '0');
  return `${100 + Math.floor(Math.random() * 900)}.${cents}`;
}

/** A button whose name starts with `text` (its hidden rest says which proposal it acts on). */
function startingWith(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

/** Approvals' row of this customer's proposal of one kind. */
function proposalRow(page: Page, email: string, kind: string): Locator {
  return page.getByTestId('proposal-row').filter({ hasText: email }).filter({ hasText: kind });
}

for (const language of ['en', 'ar'] as const) {
  const { admin: a, vault: v } = catalogs[language];
  const titles = noticeTitles[language];

  test.describe(`Approvals (${language})`, () => {
    test.beforeEach(async ({ usePreferences }) => {
      await usePreferences({ language });
    });

    test('a second staff member approves one proposal and rejects the other', async ({
      page,
      request,
      readMailbox,
      browser,
    }) => {
      test.setTimeout(180_000);
      const email = uniqueEmail(`approvals-${language}`);
      const itemName = `Emerald ring ${Date.now() % 1_000_000}`;
      const itemValue = randomAmount();
      const bookAmount = randomAmount();
      const reason = `No signed receipt for this amount (${language})`;
      const intake = a.approvals.kinds.valuable_add;
      const bookBalance = a.approvals.kinds.book_balance;

      await createCustomer(request, readMailbox, email, customerPassword);
      await signInThroughForm(page, language, email, customerPassword);
      await waitForPage(page);
      await expect(page.getByTestId('vault-empty')).toBeVisible();
      // Marks this document: a reload would lose the mark.
      await page.evaluate(() => {
        (window as unknown as { sameDocument?: boolean }).sameDocument = true;
      });

      const maker = await openStaffPage(browser, { language });
      let checker: Page | undefined;
      try {
        // Approvals is the panel's first tab, and the one it opens on.
        await expect(maker).toHaveURL(/\/admin$/);
        await expect(
          maker.getByRole('tab', { name: startingWith(a.tabs.approvals) }),
        ).toHaveAttribute('aria-selected', 'true');

        // The first staff member proposes a custody intake…
        await maker.getByRole('tab', { name: a.tabs.valuables, exact: true }).click();
        const form = maker.getByTestId('valuable-form');
        await form.getByLabel(a.valuables.user, { exact: true }).selectOption({ label: email });
        await form.getByLabel(a.valuables.itemName, { exact: true }).fill(itemName);
        await form
          .getByLabel(a.valuables.itemType, { exact: true })
          .selectOption({ label: v.itemTypes.jewelry });
        await form.getByLabel(a.valuables.estimatedValue, { exact: true }).fill(itemValue);
        await form.getByRole('button', { name: a.valuables.add, exact: true }).click();
        await expect(maker.getByText(a.approvals.proposed.title, { exact: true })).toBeVisible();
        await expect(maker.getByText(a.approvals.proposed.body, { exact: true })).toBeVisible();
        // Nothing is in the vault until it is approved.
        await expect(maker.getByTestId('admin-valuable').filter({ hasText: itemName })).toHaveCount(
          0,
        );

        // …and a book balance.
        await maker.getByRole('tab', { name: a.tabs.bookBalance, exact: true }).click();
        const balanceForm = maker.getByTestId('book-balance-form');
        await balanceForm
          .getByLabel(a.bookBalance.user, { exact: true })
          .selectOption({ label: email });
        await balanceForm.getByLabel(a.bookBalance.amount, { exact: true }).fill(bookAmount);
        await balanceForm.getByRole('button', { name: a.bookBalance.submit, exact: true }).click();
        await expect(
          maker.getByText(a.approvals.proposed.title, { exact: true }).first(),
        ).toBeVisible();

        // Its proposer finds both waiting, with no Approve or Reject, only Withdraw.
        const approvalsTab = maker.getByRole('tab', { name: startingWith(a.tabs.approvals) });
        await approvalsTab.click();
        await expect(approvalsTab).toHaveAttribute('aria-selected', 'true');
        for (const kind of [intake, bookBalance]) {
          const row = proposalRow(maker, email, kind);
          await expect(row).toHaveCount(1);
          await expect(row.getByTestId('proposal-waiting')).toHaveText(a.approvals.waiting);
          await expect(
            row.getByRole('button', { name: startingWith(a.approvals.actions.approve) }),
          ).toHaveCount(0);
          await expect(
            row.getByRole('button', { name: startingWith(a.approvals.actions.reject) }),
          ).toHaveCount(0);
          await expect(
            row.getByRole('button', { name: startingWith(a.approvals.actions.withdraw) }),
          ).toBeVisible();
        }

        // The customer sees no item yet, and the book balance only as pending approval.
        await expect(page.getByTestId('vault-empty')).toBeVisible();
        await expect(page.getByTestId('valuable-card')).toHaveCount(0);
        const book = page.getByTestId('book-balance');
        await expect(book).toContainText(bookAmount, { timeout: liveTimeout });
        await expect(book.getByTestId('book-balance-pending')).toHaveText(
          v.balances.pendingApproval,
        );
        await expect(page.getByTestId('cash-balance')).toContainText('0.00');

        // The second staff member opens the panel on Approvals and reads who proposed what.
        checker = await openStaffPage(browser, { language, theme: 'dark', as: secondStaff });
        const intakeRow = proposalRow(checker, email, intake);
        const bookRow = proposalRow(checker, email, bookBalance);
        for (const [row, amount] of [
          [intakeRow, itemValue],
          [bookRow, bookAmount],
        ] as const) {
          await expect(row).toHaveCount(1);
          await expect(row.getByTestId('proposal-maker')).toContainText(staff.email);
          await expect(row.getByTestId('proposal-effect')).toContainText(`+`);
          await expect(row.getByTestId('proposal-effect')).toContainText(amount);
          await expect(
            row.getByRole('button', { name: startingWith(a.approvals.actions.approve) }),
          ).toBeVisible();
          await expect(row.getByTestId('proposal-waiting')).toHaveCount(0);
        }
        await expect(intakeRow.getByTestId('proposal-details')).toContainText(itemName);
        await expectPageAccessible(checker);

        // Their bell counts what waits, and their centre lists it, unread, linked to Approvals.
        await expect(checker.getByTestId('notification-badge')).toBeVisible();
        await checker.getByTestId('notification-bell').click();
        const waiting = noticeOf(checker, titles.waiting, itemValue);
        await expect(waiting).toHaveAttribute('data-unread', 'true');
        await expect(waiting.getByRole('link', { name: titles.waiting })).toHaveAttribute(
          'href',
          '/admin?tab=approvals',
        );
        const unreadBefore = await unreadOf(checker);
        await checker.goBack();
        await expect(intakeRow).toHaveCount(1);

        // Approving says first what it does.
        await intakeRow
          .getByRole('button', { name: startingWith(a.approvals.actions.approve) })
          .click();
        const approveDialog = checker.getByRole('alertdialog', { name: a.approvals.approve.title });
        const effect = approveDialog.getByTestId('proposal-dialog-effect');
        await expect(effect).toContainText(itemValue);
        await expect(effect).toContainText(email);
        await expect(approveDialog.getByTestId('proposal-summary')).toContainText(staff.email);
        await expectPageAccessible(checker);
        await approveDialog
          .getByRole('button', { name: a.approvals.approve.confirm, exact: true })
          .click();
        await expect(approveDialog).toBeHidden();
        await expect(checker.getByText(a.approvals.done.approved, { exact: true })).toBeVisible();
        await expect(intakeRow).toHaveCount(0);

        // Rejecting asks for the reason.
        await bookRow
          .getByRole('button', { name: startingWith(a.approvals.actions.reject) })
          .click();
        const rejectDialog = checker.getByRole('alertdialog', { name: a.approvals.reject.title });
        await rejectDialog.getByLabel(a.approvals.reject.reason).fill(reason);
        await rejectDialog
          .getByRole('button', { name: a.approvals.reject.confirm, exact: true })
          .click();
        await expect(rejectDialog).toBeHidden();
        await expect(checker.getByText(a.approvals.done.rejected, { exact: true })).toBeVisible();
        await expect(bookRow).toHaveCount(0);

        // The customer's open dashboard shows the approved item, and nothing of the rejected one.
        const card = page.getByTestId('valuable-card').filter({ hasText: itemName });
        await expect(card).toBeVisible({ timeout: liveTimeout });
        await expect(card).toContainText(itemValue);
        await expect(page.getByTestId('valuable-card')).toHaveCount(1);
        await expect(book.getByTestId('book-balance-pending')).toHaveCount(0, {
          timeout: liveTimeout,
        });
        await expect(book).not.toContainText(bookAmount);
        await expect(page.getByTestId('cash-balance')).toContainText('0.00');
        await expect(page.getByTestId('cash-balance')).not.toContainText(bookAmount);
        expect(
          await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
        ).toBe(true);

        // Decided: how, by whom, and why it was rejected.
        await checker.getByRole('button', { name: a.approvals.views.decided, exact: true }).click();
        const approved = proposalRow(checker, email, intake);
        await expect(approved.getByTestId('proposal-status-badge')).toHaveText(
          a.approvals.statuses.approved,
        );
        await expect(approved.getByTestId('proposal-outcome')).toContainText(secondStaff.email);
        const rejected = proposalRow(checker, email, bookBalance);
        await expect(rejected.getByTestId('proposal-status-badge')).toHaveText(
          a.approvals.statuses.rejected,
        );
        await expect(rejected.getByTestId('proposal-outcome')).toContainText(secondStaff.email);
        await expect(rejected.getByTestId('proposal-reason')).toContainText(reason);

        // Nothing waits for them any more: the notices stay, read, and their count drops.
        await checker.getByTestId('notification-bell').click();
        await expect(waiting).toHaveAttribute('data-unread', 'false');
        await expect(noticeOf(checker, titles.waiting, bookAmount)).toHaveAttribute(
          'data-unread',
          'false',
        );
        const decider = checker;
        await expect.poll(() => unreadOf(decider)).toBeLessThan(unreadBefore);
        // The maker's bell has the decisions: which change, how, and by whom.
        await expect(maker.getByTestId('notification-badge')).toBeVisible();
        await maker.getByTestId('notification-bell').click();
        for (const [title, amount] of [
          [titles.approved, itemValue],
          [titles.rejected, bookAmount],
        ] as const) {
          const told = noticeOf(maker, title, amount);
          await expect(told).toHaveAttribute('data-unread', 'true');
          await expect(told).toContainText(secondStaff.email);
        }
      } finally {
        await checker?.context().close();
        await maker.context().close();
      }
    });
  });
}
