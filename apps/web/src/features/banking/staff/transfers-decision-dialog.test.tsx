// Deciding a pending request in Transfer Management: the confirmation says what it will do once
// another staff member approves it, failing or cancelling takes an optional reason, the row waits
// while the proposal is sent with its Idempotency-Key, and a decision already waiting or made
// elsewhere first (CONFLICT) is said and refreshed.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminTransfer, FinalTransferStatus } from '@secure-vault/shared/transfers';
import { toast } from '@/lib/toast';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import {
  assetToCash,
  bankDeposit,
  callsTo,
  cardDeposit,
  idempotencyKeyOf,
  listUrl,
  page,
  rowOf,
  statusPath,
  withdrawal,
} from '@/test/staff-transfer-test-data';
import { alreadyWaiting, proposed } from '@/test/approvals-test-data';
import { TransfersTab } from './transfers-tab';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

const namespaces = ['admin', 'catalogue', 'transfers', 'auth'];
beforeAll(() => loadCatalogs(namespaces));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** The server's answer: the decision proposed, waiting for another staff member. */
const decisionProposed = (item: AdminTransfer, status: FinalTransferStatus) =>
  proposed({
    kind: 'request_decision',
    amount: item.amount,
    itemName: null,
    itemType: null,
    valueAfter: null,
    requestType: item.type,
    requestStatus: status,
    reference: item.reference,
  });

const sentForApproval = [
  'Sent for approval',
  { description: 'Another staff member must approve this change before it takes effect.' },
] as const;

describe('Transfer decisions', () => {
  it('says what completing will do, then proposes it with an Idempotency-Key and refreshes', async () => {
    const user = userEvent.setup();
    let listCalls = 0;
    const fetchMock = stubApi({
      [listUrl]: () => {
        listCalls += 1;
        return { status: 200, body: page() };
      },
      [`POST ${statusPath(bankDeposit)}`]: decisionProposed(bankDeposit, 'completed'),
    });
    renderWithProviders(<TransfersTab />);
    await user.click(within(await rowOf(bankDeposit)).getByRole('button', { name: /^Complete/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Complete this request?' });
    // The email is isolated, so its direction does not disturb Arabic text.
    expect(dialog).toHaveTextContent('Bank deposit of $100.00 for \u2068amira@example.com\u2069.');
    expect(within(dialog).getByTestId('transfer-effect')).toHaveTextContent(
      "Credits $100.00 to the customer's cash. It takes effect once another staff member approves it in Approvals; then it cannot be changed.",
    );
    expect(within(dialog).queryByLabelText('Reason for the customer')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));

    await waitFor(() => expect(callsTo(fetchMock, statusPath(bankDeposit))).toHaveLength(1));
    const [call] = callsTo(fetchMock, statusPath(bankDeposit));
    expect(call![1]).toMatchObject({
      method: 'POST',
      body: JSON.stringify({ status: 'completed' }),
    });
    expect(idempotencyKeyOf(call!)).toMatch(/^[0-9a-f-]{36}$/);
    // Nothing is completed yet: the toast says another staff member must approve it.
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(...sentForApproval));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(listCalls).toBe(2);
  });

  it.each([
    { kind: 'withdrawal', item: withdrawal, effect: 'Confirms the money was sent to the bank.' },
    {
      kind: 'asset-to-cash request',
      item: assetToCash,
      effect: "Converts $500.00 of the customer's holdings to cash.",
    },
  ])('explains what completing a $kind does', async ({ item, effect }) => {
    const user = userEvent.setup();
    const pending = { ...item, status: 'pending' as const, reference: item.reference ?? 'none' };
    stubApi({ [listUrl]: { status: 200, body: page({ items: [pending] }) } });
    renderWithProviders(<TransfersTab />);
    await user.click(within(await rowOf(pending)).getByRole('button', { name: /^Complete/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByTestId('transfer-effect')).toHaveTextContent(effect);
  });

  it('asks for an optional reason before failing or cancelling, and sends it', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      [listUrl]: { status: 200, body: page() },
      [`POST ${statusPath(withdrawal)}`]: decisionProposed(withdrawal, 'failed'),
      [`POST ${statusPath(cardDeposit)}`]: decisionProposed(cardDeposit, 'cancelled'),
    });
    renderWithProviders(<TransfersTab />);

    await user.click(within(await rowOf(withdrawal)).getByRole('button', { name: /^Fail/ }));
    const failDialog = await screen.findByRole('alertdialog', {
      name: 'Mark this request as failed?',
    });
    expect(within(failDialog).getByTestId('transfer-effect')).toHaveTextContent(
      "Refunds $75.00 to the customer's cash.",
    );
    const reason = within(failDialog).getByLabelText('Reason for the customer');
    expect(reason).toHaveFocus();
    expect(reason).toHaveAttribute('maxLength', '500');
    await user.type(reason, '  The IBAN was refused  ');
    await user.click(within(failDialog).getByRole('button', { name: 'Mark as failed' }));
    await waitFor(() => expect(callsTo(fetchMock, statusPath(withdrawal))).toHaveLength(1));
    expect(callsTo(fetchMock, statusPath(withdrawal))[0]![1]).toMatchObject({
      body: JSON.stringify({ status: 'failed', reason: 'The IBAN was refused' }),
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(...sentForApproval));

    // Cancelling without a reason sends none.
    await user.click(within(await rowOf(cardDeposit)).getByRole('button', { name: /^Cancel/ }));
    const cancelDialog = await screen.findByRole('alertdialog', { name: 'Cancel this request?' });
    expect(within(cancelDialog).getByTestId('transfer-effect')).toHaveTextContent(
      'No cash is credited.',
    );
    await user.click(within(cancelDialog).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(callsTo(fetchMock, statusPath(cardDeposit))).toHaveLength(1));
    expect(callsTo(fetchMock, statusPath(cardDeposit))[0]![1]).toMatchObject({
      body: JSON.stringify({ status: 'cancelled' }),
    });
  });

  it('keeps the reason dialog open with the server’s issue on the reason', async () => {
    const user = userEvent.setup();
    stubApi({
      [listUrl]: { status: 200, body: page() },
      [`POST ${statusPath(withdrawal)}`]: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'The request is not valid.',
            issues: [{ path: 'body.reason', message: 'transfers:errors.reasonTooLong' }],
          },
        },
      },
    });
    renderWithProviders(<TransfersTab />);
    await user.click(within(await rowOf(withdrawal)).getByRole('button', { name: /^Cancel/ }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Reason for the customer'), 'Too long');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    expect(await within(dialog).findByText('Keep the reason under 500 characters.')).toBeVisible();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("disables the row's actions while its status is on its way", async () => {
    const user = userEvent.setup();
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const fetchMock = stubApi({
      [listUrl]: { status: 200, body: page() },
      [`POST ${statusPath(bankDeposit)}`]: decisionProposed(bankDeposit, 'completed'),
    });
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      if (init.method === 'POST') await answered;
      return fetchMock(url, init);
    });
    renderWithProviders(<TransfersTab />);
    const row = await rowOf(bankDeposit);
    await user.click(within(row).getByRole('button', { name: /^Complete/ }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));

    expect(await within(dialog).findByText('Saving...')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Go back' })).toBeDisabled();
    // Behind the dialog, the row waits too; the other rows do not.
    const rowButtons = within(row).getAllByRole('button', { hidden: true });
    expect(rowButtons).toHaveLength(3);
    for (const button of rowButtons) expect(button).toBeDisabled();
    const other = within(await rowOf(cardDeposit)).getAllByRole('button', { hidden: true });
    for (const button of other) expect(button).toBeEnabled();

    answer();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => {
      for (const button of within(row).getAllByRole('button')) expect(button).toBeEnabled();
    });
  });

  it('says when a decision already waits for approval or was made first, and refreshes', async () => {
    const user = userEvent.setup();
    let listCalls = 0;
    stubApi({
      [listUrl]: () => {
        listCalls += 1;
        return {
          status: 200,
          body: page({
            items: listCalls === 1 ? [bankDeposit] : [{ ...bankDeposit, status: 'cancelled' }],
          }),
        };
      },
      [`POST ${statusPath(bankDeposit)}`]: alreadyWaiting,
    });
    renderWithProviders(<TransfersTab />);
    await user.click(within(await rowOf(bankDeposit)).getByRole('button', { name: /^Complete/ }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Complete' }),
    );
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Already waiting for approval', {
        description:
          'A change to this item or request is already waiting for another staff member, or it was decided meanwhile. Decide or withdraw the waiting one in Approvals first.',
      }),
    );
    const row = await rowOf(bankDeposit);
    await waitFor(() =>
      expect(within(row).getByTestId('transfer-status-badge')).toHaveTextContent('Cancelled'),
    );
    expect(within(row).queryAllByRole('button')).toHaveLength(0);
  });

  it('reuses the Idempotency-Key when the same decision is retried after a failure', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const fetchMock = stubApi({
      [listUrl]: { status: 200, body: page() },
      [`POST ${statusPath(bankDeposit)}`]: () => {
        attempts += 1;
        return attempts === 1
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } }
          : decisionProposed(bankDeposit, 'completed');
      },
      [`POST ${statusPath(cardDeposit)}`]: decisionProposed(cardDeposit, 'completed'),
    });
    renderWithProviders(<TransfersTab />);
    const complete = async (item: AdminTransfer) => {
      await user.click(within(await rowOf(item)).getByRole('button', { name: /^Complete/ }));
      await user.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Complete' }),
      );
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    };

    await complete(bankDeposit);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Update failed', {
        description: 'Failed to update transfer status',
      }),
    );
    await complete(bankDeposit);
    await complete(cardDeposit);
    await waitFor(() => expect(callsTo(fetchMock, statusPath(cardDeposit))).toHaveLength(1));

    const [first, retry] = callsTo(fetchMock, statusPath(bankDeposit)).map(idempotencyKeyOf);
    const [next] = callsTo(fetchMock, statusPath(cardDeposit)).map(idempotencyKeyOf);
    expect(first).toBeTruthy();
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });

  it('says when the request is gone', async () => {
    const user = userEvent.setup();
    stubApi({
      [listUrl]: { status: 200, body: page() },
      [`POST ${statusPath(bankDeposit)}`]: {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Not found.' } },
      },
    });
    renderWithProviders(<TransfersTab />);
    await user.click(within(await rowOf(bankDeposit)).getByRole('button', { name: /^Complete/ }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Complete' }),
    );
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Request not found', {
        description: 'This request is no longer there. The list has been refreshed.',
      }),
    );
    expect(toast.success).not.toHaveBeenCalled();
  });
});
