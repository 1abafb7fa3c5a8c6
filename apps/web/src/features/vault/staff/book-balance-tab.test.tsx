// Book Balance: proposing an amount (sent with an Idempotency-Key; another staff member approves
// it in Approvals), clearing one with 0, and the pending amounts listed with who recorded them
// and the way to Approvals, where they are decided.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import type { AdminUser } from '@secure-vault/shared/vault';
import { toast } from '@/lib/toast';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { recorder, users } from '@/test/staff-users';
import { alreadyWaiting, proposed } from '@/test/approvals-test-data';
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
const amiraPath = `/api/v1/admin/users/${users[0]!.userId}/book-balance`;

/** The proposal the server answers for an amount recorded for Amira. */
const bookBalanceProposal = (amount: string) =>
  proposed({ kind: 'book_balance', amount, itemName: null, itemType: null, valueAfter: null });

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

/** Where the page is, to see a link take staff to another tab. */
function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

describe('BookBalanceTab', () => {
  it('asks for a user and an amount, then sends it for approval', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'GET /api/v1/admin/users': { status: 200, body: users },
      [`PUT ${amiraPath}`]: (_url, init) =>
        bookBalanceProposal(
          (JSON.parse(init.body as string) as { bookBalance: string }).bookBalance,
        ),
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
    expect(toast.success).toHaveBeenCalledWith('Sent for approval', {
      description: 'Another staff member must approve this change before it takes effect.',
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
      [`PUT ${path}`]: () => {
        calls += 1;
        return calls === 1
          ? { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Down' } } }
          : bookBalanceProposal('75.00');
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
    });
    renderWithProviders(<BookBalanceTab />);
    expect(await screen.findByText('Error loading users')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('book-balance-form')).toBeVisible();
  });

  it('clears a pending amount with 0: nothing waits any more', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'GET /api/v1/admin/users': { status: 200, body: users },
      [`PUT ${amiraPath}`]: { status: 202, body: null },
    });
    renderWithProviders(<BookBalanceTab />);
    await user.selectOptions(await screen.findByLabelText('User'), 'amira@example.com');
    await user.type(screen.getByLabelText('Amount (USD)'), '0');
    await user.click(screen.getByRole('button', { name: 'Update Book Balance' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Pending book balance cleared', {
        description: 'Nothing waits for approval for this customer any more.',
      }),
    );
    expect(callsTo(fetchMock, amiraPath)[0]![1]).toMatchObject({
      body: JSON.stringify({ bookBalance: '0' }),
    });
  });

  it('says when a change for the customer already waits for approval', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/v1/admin/users': { status: 200, body: users },
      [`PUT ${amiraPath}`]: alreadyWaiting,
    });
    renderWithProviders(<BookBalanceTab />);
    await user.selectOptions(await screen.findByLabelText('User'), 'amira@example.com');
    await user.type(screen.getByLabelText('Amount (USD)'), '20');
    await user.click(screen.getByRole('button', { name: 'Update Book Balance' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Already waiting for approval', {
        description:
          'A change to this item or request is already waiting for another staff member, or it was decided meanwhile. Decide or withdraw the waiting one in Approvals first.',
      }),
    );
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('shows a pending balance with its recorder and the way to Approvals, never a decision', async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /api/v1/admin/users': { status: 200, body: users } });
    renderWithProviders(
      <>
        <BookBalanceTab />
        <Where />
      </>,
      { route: '/admin?tab=bookBalance' },
    );
    const row = await rowOf(omar);
    expect(within(row).getByText('$150.00')).toBeVisible();
    expect(within(row).getByText('Pending approval')).toBeVisible();
    expect(within(row).getByTestId('book-balance-recorded')).toHaveTextContent(
      `Recorded by ${recorder.email}`,
    );
    expect(within(row).queryByRole('button', { name: /Approve|Reject/ })).toBeNull();
    const review = within(row).getByRole('link', { name: /^Review in Approvals/ });
    // Nothing pending for the other customer: nothing to review.
    const amira = await rowOf(users[0]!);
    expect(within(amira).getByText('Nothing pending')).toBeVisible();
    expect(within(amira).queryByRole('link')).toBeNull();

    await user.click(review);
    expect(screen.getByTestId('where')).toHaveTextContent('/admin?tab=approvals');
  });

  it('says when a balance was recorded before approvals existed', async () => {
    const legacy: AdminUser = { ...omar, bookBalanceRecordedBy: null, bookBalanceRecordedAt: null };
    stubApi({ 'GET /api/v1/admin/users': { status: 200, body: [legacy] } });
    renderWithProviders(<BookBalanceTab />);
    const row = await rowOf(legacy);
    expect(within(row).getByText('Recorded before approvals')).toBeVisible();
    expect(within(row).getByRole('link', { name: /^Review in Approvals/ })).toBeVisible();
  });
});
