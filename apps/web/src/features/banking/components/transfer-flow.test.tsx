// /transfer-assets from the receiver's number on: confirmation of payee in each of its states,
// the review, and sending once with an Idempotency-Key that a retry reuses and a new transfer
// does not.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { toast } from '@/lib/toast';
import {
  cash,
  completedTransfer,
  ownAccountNumber,
  receiverNumber,
  recipient,
  recipientPath,
  savedRecipientsPath,
  unknownNumber,
  valuables,
} from '@/test/transfer-test-data';
import { TransferFlow } from './transfer-flow';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['transfers', 'catalogue', 'vault', 'auth']));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

type Reply = Parameters<typeof stubApi>[0][string];
const failure = (status: number, code: string, message = 'Refused', issues: unknown[] = []) => ({
  status,
  body: { error: { code, message, issues } },
});

function renderFlow(routes: Record<string, Reply> = {}) {
  const fetchMock = stubApi({
    'GET /api/v1/me/valuables': { status: 200, body: valuables },
    [recipientPath(receiverNumber)]: { status: 200, body: recipient },
    [savedRecipientsPath]: { status: 200, body: [] },
    ...routes,
  });
  renderWithProviders(<TransferFlow ownAccountNumber={ownAccountNumber} />);
  return fetchMock;
}

async function fillIn(number: string, { item = /Cash/, amount = '100' } = {}) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('radio', { name: item }));
  if (amount) await user.type(screen.getByLabelText(/Amount \(USD\)|Quantity/), amount);
  await user.type(screen.getByLabelText('Receiver account number'), number);
  return user;
}

const sentKeys = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => url === '/api/v1/transfers' && init?.method === 'POST')
    .map(([, init]) => (init?.headers as Record<string, string>)['idempotency-key']);

describe('confirmation of payee', () => {
  it('names the receiver, masked, and only then lets the customer continue', async () => {
    renderFlow();
    await fillIn(receiverNumber);
    const status = screen.getByTestId('recipient-status');
    await waitFor(() => expect(status).toHaveTextContent('You are sending to: J*** D***'));
    expect(screen.getByRole('button', { name: 'Continue' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('says when no customer has the number', async () => {
    renderFlow({ [recipientPath(unknownNumber)]: failure(404, 'NOT_FOUND') });
    const user = await fillIn(unknownNumber);
    expect(await screen.findByText('No customer has this account number.')).toBeVisible();
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toHaveAttribute('aria-disabled', 'true');
    await user.click(continueButton);
    expect(toast.error).toHaveBeenLastCalledWith('Invalid Account Number', {
      description: 'No customer has this account number.',
    });
    expect(screen.queryByTestId('transfer-review')).toBeNull();
  });

  it("refuses the customer's own number without asking the server", async () => {
    const fetchMock = renderFlow();
    await fillIn(ownAccountNumber);
    expect(
      await screen.findByText("This is your own account number. Enter the receiver's."),
    ).toBeVisible();
    expect(
      fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/v1/transfers/recipient')),
    ).toHaveLength(0);
  });

  it("shows the server's refusal and its rate limit", async () => {
    renderFlow({
      [recipientPath(unknownNumber)]: failure(
        400,
        'VALIDATION',
        'You cannot transfer to your own account.',
        [{ path: 'query.accountNumber', message: 'transfers:errors.unknownKey' }],
      ),
      [recipientPath('5550001118')]: failure(429, 'RATE_LIMITED'),
    });
    const user = await fillIn(unknownNumber);
    expect(await screen.findByText('You cannot transfer to your own account.')).toBeVisible();
    const number = screen.getByLabelText('Receiver account number');
    await user.clear(number);
    await user.type(number, '5550001118');
    expect(
      await screen.findByText('Too many attempts. Please wait a few minutes and try again.'),
    ).toBeVisible();
  });
});

describe('review and sending', () => {
  it('reviews what moves and to whom, then sends once with one key, reused on retry', async () => {
    let answers = [failure(500, 'INTERNAL', 'Boom'), { status: 201, body: completedTransfer() }];
    const fetchMock = renderFlow({
      'POST /api/v1/transfers': () => answers.shift() ?? { status: 201, body: completedTransfer() },
    });
    const user = await fillIn(receiverNumber);
    await screen.findByText('J*** D***');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const review = await screen.findByTestId('transfer-review');
    expect(screen.getByRole('heading', { name: 'Review your transfer' })).toHaveFocus();
    expect(within(review).getByTestId('review-amount')).toHaveTextContent('$100.00');
    expect(within(review).getByTestId('review-value')).toHaveTextContent('$100.00');
    expect(within(review).getByTestId('review-receiver')).toHaveTextContent('J*** D***');
    expect(review).toHaveTextContent(receiverNumber);
    expect(review).toHaveTextContent('cannot be undone');

    // The answer is held back while the customer double-clicks: one request goes.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementationOnce(async (url: string, init?: RequestInit) => {
      await held;
      return answer!(url, init);
    });
    const confirm = within(review).getByRole('button', { name: 'Confirm transfer' });
    await user.dblClick(confirm);
    expect(sentKeys(fetchMock)).toHaveLength(1);
    await waitFor(() =>
      expect(within(review).getByRole('button', { name: /Transferring/ })).toBeDisabled(),
    );
    release();
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Transfer Declined', {
        description: 'Failed to transfer asset. Please try again.',
      }),
    );
    expect(sentKeys(fetchMock)).toHaveLength(1);

    await user.click(within(review).getByRole('button', { name: 'Confirm transfer' }));
    expect(await screen.findByTestId('transfer-done')).toBeVisible();
    const [first, retry] = sentKeys(fetchMock);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
    const sent = fetchMock.mock.calls.filter(([url]) => url === '/api/v1/transfers').at(-1);
    const body = JSON.parse(sent?.[1]?.body as string) as unknown;
    expect(body).toEqual({
      receiverAccountNumber: receiverNumber,
      valuableId: cash.id,
      quantity: '100',
    });

    expect(toast.success).toHaveBeenCalledWith('Transfer complete', {
      description: 'Reference 3F2A9C1B',
    });
    expect(screen.getByTestId('transfer-reference')).toHaveTextContent('3F2A9C1B');
    expect(screen.getByRole('link', { name: 'View history' })).toHaveAttribute('href', '/history');
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );

    // The next transfer, even of the same amount to the same person, is a new intention.
    answers = [];
    await user.click(screen.getByRole('button', { name: 'Make another transfer' }));
    await fillIn(receiverNumber);
    await screen.findByText('J*** D***');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm transfer' }));
    await screen.findByTestId('transfer-done');
    const keys = sentKeys(fetchMock);
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe(first);
  });

  it("gives the server's reason for a specific refusal, and Back keeps the details", async () => {
    renderFlow({ 'POST /api/v1/transfers': failure(422, 'INSUFFICIENT_HOLDING') });
    const user = await fillIn(receiverNumber, { item: /Gold/, amount: '250' });
    await screen.findByText('J*** D***');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const review = await screen.findByTestId('transfer-review');
    expect(within(review).getByTestId('review-amount')).toHaveTextContent('250.000 mg');
    expect(within(review).getByTestId('review-value')).toHaveTextContent('$14.25');
    await user.click(within(review).getByRole('button', { name: 'Confirm transfer' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Transfer Declined', {
        description: 'You no longer hold this much of this asset.',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('radio', { name: /Gold/ })).toBeChecked();
    expect(screen.getByLabelText('Quantity (mg)')).toHaveValue(250);
    expect(screen.getByLabelText('Receiver account number')).toHaveValue(receiverNumber);
  });
});
