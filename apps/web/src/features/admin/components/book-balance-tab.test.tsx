// Book Balance: recording an amount (pending another staff member's approval, sent with an
// Idempotency-Key), and approving or rejecting one somebody else recorded — never one's own.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminUser } from '@secure-vault/shared/vault';
import { toast } from '@/lib/toast';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { recorder, users } from '../test-users';
import { BookBalanceTab } from './book-balance-tab';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['admin', 'vault', 'auth']));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const omar = users[1]!;
const approvePath = `/api/v1/admin/users/${omar.userId}/book-balance/approve`;
const rejectPath = `/api/v1/admin/users/${omar.userId}/book-balance/reject`;
const otherStaff = {
  id: '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b',
  email: 'karim@securevault.example',
};

/** The current-session answer for a signed-in staff member. */
function sessionOf(staff: { id: string; email: string }) {
  return {
    status: 200,
    body: { session: { user: staff, isAdmin: true, impersonatedBy: null, hasTwoFactor: true } },
  };
}

type FetchMock = ReturnType<typeof stubApi>;
const callsTo = (fetchMock: FetchMock, path: string) =>
  fetchMock.mock.calls.filter(([url]) => url === path);
const idempotencyKeyOf = (call: Parameters<FetchMock>) =>
  new Headers(call[1]?.headers).get('idempotency-key');

/** The table's row of a user (the phone cards hold the same, hidden on wide screens). */
async function rowOf(user: AdminUser) {
  const table = await screen.findByTestId('book-balance-table');
  const row = within(table)
    .getAllByTestId('book-balance-row')
    .find((candidate) => candidate.textContent?.includes(user.email));
  if (!row) throw new Error(`No row for ${user.email}`);
  return row;
}

describe('BookBalanceTab', () => {
  it('asks for a user and an amount, then sets the balance', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'GET /api/v1/admin/users': { status: 200, body: users },
      [`PUT /api/v1/admin/users/${users[0]!.userId}/book-balance`]: { status: 200, body: {} },
      'GET /api/v1/auth/current-session': sessionOf(otherStaff),
    });
    renderWithProviders(<BookBalanceTab />);
    const submit = await screen.findByRole('button', { name: 'Update Book Balance' });
    await user.click(submit);
    expect(await screen.findByText('Please select a user and enter an amount')).toBeVisible();
    expect(within(await rowOf(omar)).getByText('Not assigned')).toBeVisible();

    await user.selectOptions(screen.getByLabelText('User'), 'amira@example.com');
    await user.type(screen.getByLabelText('Amount (USD)'), '2500.75');
    await user.click(submit);
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        `/api/v1/admin/users/${users[0]!.userId}/book-balance`,
        expect.objectContaining({
          method: 'PUT',
          body: JSON.stringify({ bookBalance: '2500.75' }),
        }),
      ),
    );
    const [sent] = callsTo(fetchMock, `/api/v1/admin/users/${users[0]!.userId}/book-balance`);
    expect(idempotencyKeyOf(sent!)).toMatch(/^[0-9a-f-]{36}$/);
    // Done: the amount empties for the next one, the user stays chosen.
    await waitFor(() => expect(screen.getByLabelText('Amount (USD)')).toHaveValue(null));
    expect(screen.getByLabelText('User')).toHaveValue(users[0]!.userId);
    // The amount waits for somebody else's approval, and the toast says so.
    expect(toast.success).toHaveBeenCalledWith('Book balance updated', {
      description:
        "Recorded as pending. Another staff member must approve it before it reaches the customer's cash.",
    });

    // A second amount is a new submission: a new key.
    await user.type(screen.getByLabelText('Amount (USD)'), '10');
    await user.click(submit);
    await waitFor(() =>
      expect(
        callsTo(fetchMock, `/api/v1/admin/users/${users[0]!.userId}/book-balance`),
      ).toHaveLength(2),
    );
    const [first, second] = callsTo(
      fetchMock,
      `/api/v1/admin/users/${users[0]!.userId}/book-balance`,
    ).map(idempotencyKeyOf);
    expect(second).not.toBe(first);
  });

  it('retries a failed submission with the same Idempotency-Key', async () => {
    const user = userEvent.setup();
    const path = `/api/v1/admin/users/${users[0]!.userId}/book-balance`;
    let calls = 0;
    const fetchMock = stubApi({
      'GET /api/v1/admin/users': { status: 200, body: users },
      'GET /api/v1/auth/current-session': sessionOf(otherStaff),
      [`PUT ${path}`]: () => {
        calls += 1;
        return calls === 1
          ? { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Down' } } }
          : { status: 200, body: {} };
      },
    });
    renderWithProviders(<BookBalanceTab />);
    const submit = await screen.findByRole('button', { name: 'Update Book Balance' });
    await user.selectOptions(screen.getByLabelText('User'), 'amira@example.com');
    await user.type(screen.getByLabelText('Amount (USD)'), '75');
    await user.click(submit);
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    await user.click(submit);
    await waitFor(() => expect(callsTo(fetchMock, path)).toHaveLength(2));
    const [first, retry] = callsTo(fetchMock, path).map(idempotencyKeyOf);
    expect(retry).toBe(first);
  });

  it('asks for the amount once a user is chosen, and refuses more than 2 decimals', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'GET /api/v1/admin/users': { status: 200, body: users },
      'GET /api/v1/auth/current-session': sessionOf(otherStaff),
    });
    renderWithProviders(<BookBalanceTab />);
    const submit = await screen.findByRole('button', { name: 'Update Book Balance' });
    await user.selectOptions(screen.getByLabelText('User'), 'omar@example.com');
    await user.click(submit);
    expect(await screen.findByText('Please select a user and enter an amount')).toBeVisible();
    expect(screen.getByLabelText('Amount (USD)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('User')).toHaveAttribute('aria-invalid', 'false');

    await user.type(screen.getByLabelText('Amount (USD)'), '10.125');
    await user.click(submit);
    expect(
      await screen.findByText('Enter an amount in dollars with at most 2 decimals.'),
    ).toBeVisible();
    expect(screen.getByLabelText('Amount (USD)')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);
  });

  it("puts the server's issue on the amount", async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/v1/admin/users': { status: 200, body: users },
      'GET /api/v1/auth/current-session': sessionOf(otherStaff),
      [`PUT /api/v1/admin/users/${users[1]!.userId}/book-balance`]: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'The request is not valid.',
            issues: [{ path: 'body.bookBalance', message: 'vault:errors.amountInvalid' }],
          },
        },
      },
    });
    renderWithProviders(<BookBalanceTab />);
    await user.selectOptions(await screen.findByLabelText('User'), 'omar@example.com');
    await user.type(screen.getByLabelText('Amount (USD)'), '99999999999.99');
    await user.click(screen.getByRole('button', { name: 'Update Book Balance' }));
    expect(
      await screen.findByText('Enter an amount in dollars with at most 2 decimals.'),
    ).toBeVisible();
    expect(screen.getByLabelText('Amount (USD)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue(99999999999.99);
  });

  it('offers to try again when the users could not be loaded', async () => {
    const user = userEvent.setup();
    let calls = 0;
    stubApi({
      'GET /api/v1/admin/users': () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } }
          : { status: 200, body: users };
      },
      'GET /api/v1/auth/current-session': sessionOf(otherStaff),
    });
    renderWithProviders(<BookBalanceTab />);
    expect(await screen.findByText('Error loading users')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('book-balance-form')).toBeVisible();
  });

  it('shows a pending balance with its recorder, who only reads that it waits', async () => {
    stubApi({
      'GET /api/v1/admin/users': { status: 200, body: users },
      'GET /api/v1/auth/current-session': sessionOf(recorder),
    });
    renderWithProviders(<BookBalanceTab />);
    const row = await rowOf(omar);
    expect(within(row).getByText('$150.00')).toBeVisible();
    expect(within(row).getByText('Pending approval')).toBeVisible();
    expect(within(row).getByTestId('book-balance-recorded')).toHaveTextContent(
      `Recorded by ${recorder.email}`,
    );
    expect(await within(row).findByText('Waiting for another staff member')).toBeVisible();
    expect(within(row).queryByRole('button')).toBeNull();
    // Nothing pending for the other customer: nothing to decide.
    const amira = await rowOf(users[0]!);
    expect(within(amira).getByText('Nothing pending')).toBeVisible();
    expect(within(amira).queryByRole('button')).toBeNull();
  });

  it("never offers a decision on the signed-in staff member's own account", async () => {
    const own: AdminUser = { ...omar, userId: otherStaff.id, email: otherStaff.email };
    stubApi({
      'GET /api/v1/admin/users': { status: 200, body: [own] },
      'GET /api/v1/auth/current-session': sessionOf(otherStaff),
    });
    renderWithProviders(<BookBalanceTab />);
    const row = await rowOf(own);
    expect(await within(row).findByText('Waiting for another staff member')).toBeVisible();
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('lets another staff member approve: the effect first, then the amount with a key', async () => {
    const user = userEvent.setup();
    let listed = 0;
    const fetchMock = stubApi({
      'GET /api/v1/admin/users': () => {
        listed += 1;
        return {
          status: 200,
          body:
            listed === 1
              ? users
              : [
                  users[0],
                  {
                    ...omar,
                    bookBalance: '0.00',
                    bookBalanceRecordedBy: null,
                    bookBalanceRecordedAt: null,
                  },
                ],
        };
      },
      'GET /api/v1/auth/current-session': sessionOf(otherStaff),
      [`POST ${approvePath}`]: {
        status: 200,
        body: { userId: omar.userId, decision: 'approved', amount: '150.00', cash: '150.00' },
      },
    });
    renderWithProviders(<BookBalanceTab />);
    const row = await rowOf(omar);
    await user.click(
      await within(row).findByRole('button', {
        name: 'Approve the book balance of omar@example.com',
      }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve this book balance?' });
    expect(within(dialog).getByTestId('book-balance-effect')).toHaveTextContent(
      "Credit $150.00 to \u2068omar@example.com\u2069's cash.",
    );
    expect(dialog).toHaveTextContent(`Recorded by \u2068${recorder.email}\u2069 on`);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(callsTo(fetchMock, approvePath)).toHaveLength(1));
    const [call] = callsTo(fetchMock, approvePath);
    expect(call![1]).toMatchObject({ method: 'POST', body: JSON.stringify({ amount: '150.00' }) });
    expect(idempotencyKeyOf(call!)).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(toast.success).toHaveBeenCalledWith('Book balance approved', {
      description: "$150.00 moved to \u2068omar@example.com\u2069's cash.",
    });
    // The list is asked again and shows nothing pending any more.
    await waitFor(() => expect(listed).toBe(2));
    expect(await within(await rowOf(omar)).findByText('Nothing pending')).toBeVisible();
  });

  it('rejects: nothing is credited', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'GET /api/v1/admin/users': { status: 200, body: users },
      'GET /api/v1/auth/current-session': sessionOf(otherStaff),
      [`POST ${rejectPath}`]: {
        status: 200,
        body: { userId: omar.userId, decision: 'rejected', amount: '150.00', cash: null },
      },
    });
    renderWithProviders(<BookBalanceTab />);
    const row = await rowOf(omar);
    await user.click(
      await within(row).findByRole('button', {
        name: 'Reject the book balance of omar@example.com',
      }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject this book balance?' });
    expect(within(dialog).getByTestId('book-balance-effect')).toHaveTextContent(
      'Clear the pending $150.00 for \u2068omar@example.com\u2069; nothing is credited.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(callsTo(fetchMock, rejectPath)).toHaveLength(1));
    expect(callsTo(fetchMock, approvePath)).toHaveLength(0);
    expect(idempotencyKeyOf(callsTo(fetchMock, rejectPath)[0]!)).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Book balance rejected', expect.anything()),
    );
  });

  it('says in the dialog when the amount changed meanwhile, and offers only going back', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'GET /api/v1/admin/users': { status: 200, body: users },
      'GET /api/v1/auth/current-session': sessionOf(otherStaff),
      [`POST ${approvePath}`]: {
        status: 409,
        body: {
          error: {
            code: 'CONFLICT',
            message: 'The pending book balance is now 900.00, not 150.00; review it again.',
          },
        },
      },
    });
    renderWithProviders(<BookBalanceTab />);
    await user.click(
      await within(await rowOf(omar)).findByRole('button', {
        name: 'Approve the book balance of omar@example.com',
      }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This book balance changed or was already decided. The list now shows the current amount; review it again.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(toast.success).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(fetchMock, approvePath)).toHaveLength(1);
  });

  it("says when the customer's cash cannot cover a negative amount, and a refusal", async () => {
    const user = userEvent.setup();
    const owing: AdminUser = { ...omar, bookBalance: '-40.00' };
    stubApi({
      'GET /api/v1/admin/users': { status: 200, body: [owing] },
      'GET /api/v1/auth/current-session': sessionOf(otherStaff),
      [`POST ${approvePath}`]: {
        status: 422,
        body: { error: { code: 'INSUFFICIENT_CASH', message: 'Insufficient cash.' } },
      },
    });
    renderWithProviders(<BookBalanceTab />);
    await user.click(
      await within(await rowOf(owing)).findByRole('button', {
        name: 'Approve the book balance of omar@example.com',
      }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByTestId('book-balance-effect')).toHaveTextContent(
      "Debit $40.00 from \u2068omar@example.com\u2069's cash.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "The customer's cash does not cover this negative amount.",
    );
  });

  it('retries a decision that did not arrive with the same key', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const fetchMock = stubApi({
      'GET /api/v1/admin/users': { status: 200, body: users },
      'GET /api/v1/auth/current-session': sessionOf(otherStaff),
      [`POST ${approvePath}`]: () => {
        calls += 1;
        return calls === 1
          ? { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Down' } } }
          : {
              status: 200,
              body: { userId: omar.userId, decision: 'approved', amount: '150.00', cash: '150.00' },
            };
      },
    });
    renderWithProviders(<BookBalanceTab />);
    await user.click(
      await within(await rowOf(omar)).findByRole('button', {
        name: 'Approve the book balance of omar@example.com',
      }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('alert')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(callsTo(fetchMock, approvePath)).toHaveLength(2));
    const [first, retry] = callsTo(fetchMock, approvePath).map(idempotencyKeyOf);
    expect(retry).toBe(first);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('says when a balance was recorded before approvals existed', async () => {
    const legacy: AdminUser = { ...omar, bookBalanceRecordedBy: null, bookBalanceRecordedAt: null };
    stubApi({
      'GET /api/v1/admin/users': { status: 200, body: [legacy] },
      'GET /api/v1/auth/current-session': sessionOf(recorder),
    });
    renderWithProviders(<BookBalanceTab />);
    const row = await rowOf(legacy);
    expect(within(row).getByText('Recorded before approvals')).toBeVisible();
    // Nobody recorded it here, so the recorder of others may decide it.
    expect(
      await within(row).findByRole('button', {
        name: 'Approve the book balance of omar@example.com',
      }),
    ).toBeVisible();
  });
});
