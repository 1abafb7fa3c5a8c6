// Approvals: the queue of proposals with their effect in money; a colleague approves (the effect
// said first, an Idempotency-Key sent) or rejects with a reason; the maker only waits or
// withdraws; decided proposals with how, by whom and why; in both languages.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { Proposal } from '@secure-vault/shared/approvals';
import { toast } from '@/lib/toast';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { ApprovalsBadge } from './approvals-badge';
import { ApprovalsTab } from './approvals-tab';
import { checker, maker, proposal, proposalPage } from '@/test/approvals-test-data';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

const namespaces = ['admin', 'vault', 'auth', 'transfers'];
beforeAll(() => loadCatalogs(namespaces));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18next.changeLanguage('en');
});

const listPath = '/api/v1/admin/proposals';
const pendingUrl = `GET ${listPath}?state=pending&page=1&pageSize=25`;
const decidedUrl = `GET ${listPath}?state=decided&page=1&pageSize=25`;
const actionPath = (item: Proposal, action: string) => `${listPath}/${item.id}/${action}`;

const intake = proposal();
const removal = proposal({
  id: '5a1d0000-0000-4000-8000-000000000002',
  kind: 'valuable_delete',
  amount: '-200.00',
  itemName: 'Silver ring',
  itemType: 'jewelry',
  valueBefore: '200.00',
  valueAfter: null,
  createdAt: '2026-03-02T10:00:00.000Z',
});
const deposit = proposal({
  id: '5a1d0000-0000-4000-8000-000000000003',
  kind: 'request_decision',
  amount: '100.00',
  itemName: null,
  itemType: null,
  valueAfter: null,
  requestType: 'bank_deposit',
  requestStatus: 'completed',
  reference: 'TXN1767000000000123',
  createdAt: '2026-03-02T11:00:00.000Z',
});
/** One the signed-in staff member made: they may withdraw it, not decide it. */
const own = proposal({
  id: '5a1d0000-0000-4000-8000-000000000004',
  kind: 'book_balance',
  amount: '150.00',
  itemName: null,
  itemType: null,
  valueAfter: null,
  canDecide: false,
  canWithdraw: true,
});

type FetchMock = ReturnType<typeof stubApi>;
const callsTo = (fetchMock: FetchMock, path: string) =>
  fetchMock.mock.calls.filter(([url]) => url === path);
const idempotencyKeyOf = (call: Parameters<FetchMock>) =>
  new Headers(call[1]?.headers).get('idempotency-key');

/** The table's row of a proposal (the phone cards hold the same, hidden on wide screens). */
async function rowOf(item: Proposal) {
  const table = await screen.findByTestId('approvals-table');
  const rows = within(table).getAllByTestId('proposal-row');
  const row = rows.find((candidate) => {
    const text = candidate.textContent ?? '';
    return item.itemName ? text.includes(item.itemName) : text.includes(item.reference ?? '\0');
  });
  if (!row) throw new Error(`No row for ${item.id}`);
  return row;
}

describe('ApprovalsTab', () => {
  it('lists pending proposals with what they are, whose, their effect and who proposed them', async () => {
    stubApi({ [pendingUrl]: { status: 200, body: proposalPage([intake, removal, deposit]) } });
    renderWithProviders(<ApprovalsTab />);
    const rows = within(await screen.findByTestId('approvals-table')).getAllByTestId(
      'proposal-row',
    );
    expect(rows).toHaveLength(3);
    expect(screen.getByTestId('approvals-total')).toHaveTextContent('3 proposals');
    expect(screen.getByRole('button', { name: 'Pending (3)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('Custody intake');
    expect(first).toHaveTextContent('amira@example.com');
    expect(first).toHaveTextContent('1234567897');
    expect(within(first).getByTestId('proposal-effect')).toHaveTextContent('+$1,500.00');
    expect(within(first).getByTestId('proposal-effect')).toHaveClass('text-success');
    expect(first).toHaveTextContent('Gold bar');
    expect(first).toHaveTextContent('Precious Metals');
    expect(within(first).getByTestId('proposal-values')).toHaveTextContent('—to $1,500.00');
    expect(within(first).getByTestId('proposal-maker')).toHaveTextContent(
      `Proposed by ${maker.email}`,
    );

    expect(second).toHaveTextContent('Valuable removal');
    expect(within(second).getByTestId('proposal-effect')).toHaveTextContent('-$200.00');
    expect(within(second).getByTestId('proposal-effect')).toHaveClass('text-destructive');
    expect(within(second).getByTestId('proposal-values')).toHaveTextContent('$200.00to —');

    expect(third).toHaveTextContent('Request decision');
    expect(third).toHaveTextContent('Bank deposit');
    expect(third).toHaveTextContent('Decision: Completed');
    expect(third).toHaveTextContent('TXN1767000000000123');

    for (const row of rows) {
      expect(within(row).getByRole('button', { name: /^Approve/ })).toBeVisible();
      expect(within(row).getByRole('button', { name: /^Reject/ })).toBeVisible();
      expect(within(row).queryByRole('button', { name: /^Withdraw/ })).toBeNull();
    }
    // The phone layout has the same proposals as cards.
    expect(
      within(screen.getByTestId('approvals-cards')).getAllByTestId('proposal-card'),
    ).toHaveLength(3);
  });

  it('approves after saying the effect first, with an Idempotency-Key, and refreshes', async () => {
    const user = userEvent.setup();
    let listed = 0;
    const fetchMock = stubApi({
      [pendingUrl]: () => {
        listed += 1;
        return {
          status: 200,
          body: listed === 1 ? proposalPage([intake]) : proposalPage([]),
        };
      },
      [`POST ${actionPath(intake, 'approve')}`]: {
        status: 200,
        body: { ...intake, status: 'approved', checker, decidedAt: '2026-03-02T12:00:00.000Z' },
      },
    });
    renderWithProviders(<ApprovalsTab />);
    await user.click(within(await rowOf(intake)).getByRole('button', { name: /^Approve/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve this change?' });
    // The money first, the email isolated so its direction does not disturb Arabic text.
    expect(within(dialog).getByTestId('proposal-dialog-effect')).toHaveTextContent(
      'Adds $1,500.00 to the account of \u2068amira@example.com\u2069.',
    );
    expect(within(dialog).getByTestId('proposal-summary')).toHaveTextContent(
      `Custody intake: \u2068Gold bar\u2069. Proposed by \u2068${maker.email}\u2069 on`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(callsTo(fetchMock, actionPath(intake, 'approve'))).toHaveLength(1));
    const [call] = callsTo(fetchMock, actionPath(intake, 'approve'));
    expect(call![1]).toMatchObject({ method: 'POST' });
    expect(idempotencyKeyOf(call!)).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Approved — the change has taken effect'),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // The queue is asked again, and is empty now.
    expect(await screen.findByTestId('approvals-empty')).toHaveTextContent(
      'Nothing is waiting for approval',
    );
    expect(listed).toBe(2);
  });

  it('says what a removal takes out before approving it', async () => {
    const user = userEvent.setup();
    stubApi({ [pendingUrl]: { status: 200, body: proposalPage([removal]) } });
    renderWithProviders(<ApprovalsTab />);
    await user.click(within(await rowOf(removal)).getByRole('button', { name: /^Approve/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByTestId('proposal-dialog-effect')).toHaveTextContent(
      'Takes $200.00 out of the account of \u2068amira@example.com\u2069.',
    );
  });

  it('shows its maker no Approve or Reject: they wait, or withdraw after a confirmation', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      [pendingUrl]: { status: 200, body: proposalPage([own]) },
      [`POST ${actionPath(own, 'withdraw')}`]: {
        status: 200,
        body: { ...own, status: 'withdrawn', canWithdraw: false },
      },
    });
    renderWithProviders(<ApprovalsTab />);
    const table = await screen.findByTestId('approvals-table');
    const [row] = within(table).getAllByTestId('proposal-row');
    expect(row).toHaveTextContent('Book balance');
    expect(within(row!).getByTestId('proposal-waiting')).toHaveTextContent(
      'Waiting for another staff member',
    );
    expect(within(row!).queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(within(row!).queryByRole('button', { name: /^Reject/ })).toBeNull();

    await user.click(within(row!).getByRole('button', { name: /^Withdraw/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Withdraw this proposal?' });
    expect(dialog).toHaveTextContent("Nothing changes on the customer's account.");
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(callsTo(fetchMock, actionPath(own, 'withdraw'))).toHaveLength(1));
    expect(idempotencyKeyOf(callsTo(fetchMock, actionPath(own, 'withdraw'))[0]!)).toMatch(
      /^[0-9a-f-]{36}$/,
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Withdrawn'));
  });

  it('says a party to a proposal cannot decide it, and offers nothing', async () => {
    const party = proposal({ canDecide: false, canWithdraw: false });
    stubApi({ [pendingUrl]: { status: 200, body: proposalPage([party]) } });
    renderWithProviders(<ApprovalsTab />);
    const row = await rowOf(party);
    expect(within(row).getByTestId('proposal-waiting')).toHaveTextContent(
      'Another staff member must decide this one.',
    );
    expect(within(row).queryAllByRole('button')).toHaveLength(0);
  });

  it('requires a reason to reject, then sends it', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      [pendingUrl]: { status: 200, body: proposalPage([intake]) },
      [`POST ${actionPath(intake, 'reject')}`]: {
        status: 200,
        body: { ...intake, status: 'rejected', checker, reason: 'No receipt on file' },
      },
    });
    renderWithProviders(<ApprovalsTab />);
    await user.click(within(await rowOf(intake)).getByRole('button', { name: /^Reject/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject this change?' });
    const reason = within(dialog).getByLabelText('Reason for rejecting');
    expect(reason).toHaveFocus();
    expect(reason).toHaveAttribute('maxLength', '500');

    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(
      await within(dialog).findByText('Enter the reason for rejecting this change.'),
    ).toBeVisible();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    // Spaces are no reason either.
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Enter the reason for rejecting this change.')).toBeVisible();
    expect(callsTo(fetchMock, actionPath(intake, 'reject'))).toHaveLength(0);

    await user.type(reason, 'No receipt on file ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(callsTo(fetchMock, actionPath(intake, 'reject'))).toHaveLength(1));
    const [call] = callsTo(fetchMock, actionPath(intake, 'reject'));
    expect(call![1]).toMatchObject({ body: JSON.stringify({ reason: 'No receipt on file' }) });
    expect(idempotencyKeyOf(call!)).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Rejected'));
    expect(callsTo(fetchMock, actionPath(intake, 'approve'))).toHaveLength(0);
  });

  it("puts the server's issue on the reason and keeps the dialog open", async () => {
    const user = userEvent.setup();
    stubApi({
      [pendingUrl]: { status: 200, body: proposalPage([intake]) },
      [`POST ${actionPath(intake, 'reject')}`]: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'The request is not valid.',
            issues: [{ path: 'body.reason', message: 'admin:approvals.errors.reasonTooLong' }],
          },
        },
      },
    });
    renderWithProviders(<ApprovalsTab />);
    await user.click(within(await rowOf(intake)).getByRole('button', { name: /^Reject/ }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Reason for rejecting'), 'Too long');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Keep the reason under 500 characters.')).toBeVisible();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it.each([
    {
      code: 'CONFLICT',
      status: 409,
      title: 'Already decided or changed',
      description:
        'This proposal was decided by someone else, or what it changes has changed since it was proposed. The list has been refreshed.',
    },
    {
      code: 'SAME_STAFF',
      status: 403,
      title: 'The decision could not be saved',
      description:
        'You proposed this change, or made the request while signed in as the customer. Another staff member must approve it.',
    },
    {
      code: 'INSUFFICIENT_CASH',
      status: 422,
      title: 'The decision could not be saved',
      description: "The customer's cash does not cover this change, so nothing was changed.",
    },
  ])('says why approval was refused ($code)', async ({ code, status, title, description }) => {
    const user = userEvent.setup();
    stubApi({
      [pendingUrl]: { status: 200, body: proposalPage([intake]) },
      [`POST ${actionPath(intake, 'approve')}`]: {
        status,
        body: { error: { code, message: 'Refused.' } },
      },
    });
    renderWithProviders(<ApprovalsTab />);
    await user.click(within(await rowOf(intake)).getByRole('button', { name: /^Approve/ }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Approve' }),
    );
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(title, { description }));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('retries an approval that did not arrive with the same key; the next is new', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const fetchMock = stubApi({
      [pendingUrl]: { status: 200, body: proposalPage([intake, removal]) },
      [`POST ${actionPath(intake, 'approve')}`]: () => {
        attempts += 1;
        return attempts === 1
          ? { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Down' } } }
          : { status: 200, body: { ...intake, status: 'approved', checker } };
      },
      [`POST ${actionPath(removal, 'approve')}`]: {
        status: 200,
        body: { ...removal, status: 'approved', checker },
      },
    });
    renderWithProviders(<ApprovalsTab />);
    const approve = async (item: Proposal) => {
      await user.click(within(await rowOf(item)).getByRole('button', { name: /^Approve/ }));
      await user.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Approve' }),
      );
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    };
    await approve(intake);
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    await approve(intake);
    await approve(removal);
    await waitFor(() => expect(callsTo(fetchMock, actionPath(removal, 'approve'))).toHaveLength(1));
    const [first, retry] = callsTo(fetchMock, actionPath(intake, 'approve')).map(idempotencyKeyOf);
    const [next] = callsTo(fetchMock, actionPath(removal, 'approve')).map(idempotencyKeyOf);
    expect(first).toBeTruthy();
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });

  it('lists decided proposals with their outcome, who decided and why', async () => {
    const user = userEvent.setup();
    const rejected = {
      ...intake,
      status: 'rejected' as const,
      checker,
      reason: 'No receipt on file',
      canDecide: false,
      decidedAt: '2026-03-03T08:00:00.000Z',
    };
    const withdrawn = {
      ...removal,
      status: 'withdrawn' as const,
      canDecide: false,
      decidedAt: '2026-03-03T07:00:00.000Z',
    };
    stubApi({
      [pendingUrl]: { status: 200, body: proposalPage([deposit]) },
      [decidedUrl]: {
        status: 200,
        body: proposalPage([rejected, withdrawn], { pending: 1 }),
      },
    });
    renderWithProviders(<ApprovalsTab />);
    await rowOf(deposit);
    await user.click(screen.getByRole('button', { name: 'Decided' }));
    await waitFor(() =>
      expect(screen.getByTestId('approvals-total')).toHaveTextContent('2 proposals'),
    );
    expect(screen.getByRole('button', { name: 'Decided' })).toHaveAttribute('aria-pressed', 'true');
    const first = await rowOf(rejected);
    expect(within(first).getByTestId('proposal-status-badge')).toHaveTextContent('Rejected');
    expect(within(first).getByTestId('proposal-outcome')).toHaveTextContent(
      `Rejected by ${checker.email}`,
    );
    expect(within(first).getByTestId('proposal-reason')).toHaveTextContent(
      'Reason: No receipt on file',
    );
    expect(within(first).queryAllByRole('button')).toHaveLength(0);
    const second = await rowOf(withdrawn);
    expect(within(second).getByTestId('proposal-outcome')).toHaveTextContent(
      'WithdrawnWithdrawn by its proposer',
    );
  });

  it('offers to try again when the queue could not be loaded, then shows it empty', async () => {
    const user = userEvent.setup();
    let calls = 0;
    stubApi({
      [pendingUrl]: () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } }
          : { status: 200, body: proposalPage([]) };
      },
    });
    renderWithProviders(<ApprovalsTab />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading proposals');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('approvals-empty')).toHaveTextContent(
      'Nothing is waiting for approval',
    );
    expect(screen.getByTestId('approvals-total')).toHaveTextContent('0 proposals');
  });

  it("counts what waits on the tab's badge with the queue's own request", async () => {
    const fetchMock = stubApi({
      [pendingUrl]: { status: 200, body: proposalPage([intake, removal]) },
    });
    renderWithProviders(
      <>
        <ApprovalsBadge />
        <ApprovalsTab />
      </>,
    );
    const badge = await screen.findByTestId('approvals-badge');
    expect(badge).toHaveTextContent('2');
    expect(within(badge).getByText('2 proposals waiting for approval')).toHaveClass('sr-only');
    await rowOf(intake);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads in Arabic, the effect said first', async () => {
    const user = userEvent.setup();
    await i18next.changeLanguage('ar');
    await i18next.loadNamespaces(['common', ...namespaces]);
    stubApi({ [pendingUrl]: { status: 200, body: proposalPage([intake, own]) } });
    renderWithProviders(<ApprovalsTab />);
    expect(await screen.findByRole('heading', { name: 'الموافقات' })).toBeVisible();
    const row = await rowOf(intake);
    expect(row).toHaveTextContent('استلام للحفظ');
    expect(screen.getByTestId('approvals-total')).toHaveTextContent('مقترحان');
    expect(
      within(screen.getByTestId('approvals-table')).getByText('بانتظار موظف آخر'),
    ).toBeVisible();
    await user.click(within(row).getByRole('button', { name: /^موافقة/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'الموافقة على هذا التغيير؟' });
    expect(within(dialog).getByTestId('proposal-dialog-effect')).toHaveTextContent(
      'يُضيف \u20661,500.00 US$\u2069 إلى حساب \u2068amira@example.com\u2069.',
    );
    expect(within(dialog).getByRole('button', { name: 'رجوع' })).toBeVisible();
  });
});
