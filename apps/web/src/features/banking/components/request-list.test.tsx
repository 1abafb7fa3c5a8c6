import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { toast } from '@/lib/toast';
import { RequestList } from './request-list';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['banking', 'transfers', 'auth', 'catalogue']));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18next.changeLanguage('en');
});

const blank = {
  reference: null,
  direction: null,
  counterpartyAccountNumber: null,
  counterpartyName: null,
  itemName: null,
  assetSymbol: null,
  quantity: null,
  bankName: null,
  bankAccountNumber: null,
  cardLastFour: null,
  cardType: null,
  reason: null,
  createdAt: '2026-05-15T10:00:00.000Z',
  updatedAt: '2026-05-15T10:00:00.000Z',
};
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const withdrawal = {
  ...blank,
  id: id(1),
  type: 'withdrawal',
  status: 'pending',
  amount: '100.00',
  reference: 'WTH1767225600000789',
  bankName: 'Emirates NBD',
  bankAccountNumber: '1014567890',
};
const items = [
  withdrawal,
  {
    ...blank,
    id: id(2),
    type: 'card_deposit',
    status: 'completed',
    amount: '250.00',
    reference: 'TXN1767225600000123',
    cardLastFour: '4242',
    cardType: 'Visa',
  },
  {
    ...blank,
    id: id(3),
    type: 'bank_deposit',
    status: 'failed',
    amount: '5000.00',
    reference: 'TXN1767225600000456',
    reason: 'No transfer arrived with this reference.',
  },
  { ...blank, id: id(4), type: 'asset_to_cash', status: 'cancelled', amount: '40.00' },
  {
    ...blank,
    id: id(5),
    type: 'asset_transfer',
    status: 'completed',
    amount: '1140.00',
    direction: 'out',
    counterpartyName: 'J*** D***',
    counterpartyAccountNumber: '4000123412',
    itemName: 'Gold',
    assetSymbol: 'AU',
    quantity: '20000',
  },
  {
    ...blank,
    id: id(6),
    type: 'asset_transfer',
    status: 'completed',
    amount: '60.00',
    direction: 'in',
    counterpartyName: 'A*** H***',
    counterpartyAccountNumber: '4000999912',
    itemName: 'Antique watch',
  },
];
const counts = { pending: 1, completed: 3, failed: 1, cancelled: 1 };
const page = (list: unknown[], total = list.length, number = 1) => ({
  items: list,
  total,
  page: number,
  pageSize: 10,
  counts,
});
const listPath = (query: string) => `GET /api/v1/me/transfers?${query}`;

function rows() {
  return within(screen.getByTestId('request-list')).getAllByTestId('request-item-row');
}

describe('RequestList', () => {
  it('shows each kind of request with its status, details and reason', async () => {
    stubApi({ [listPath('page=1&pageSize=10')]: { status: 200, body: page(items) } });
    renderWithProviders(<RequestList title="Your requests" emptyText="Nothing yet" />);
    expect(await screen.findByRole('list', { name: 'Your requests' })).toBeInTheDocument();
    const [out, card, bank, toCash, sent, received] = rows();

    expect(out).toHaveTextContent('Withdrawal');
    expect(within(out!).getByTestId('request-status')).toHaveTextContent('Pending');
    expect(within(out!).getByTestId('request-status')).toHaveClass('bg-accent/25');
    expect(out).toHaveTextContent('$100.00');
    expect(out).toHaveTextContent('To Emirates NBD •••• 7890');
    expect(out).toHaveTextContent('Reference WTH1767225600000789');
    expect(out).not.toHaveTextContent('1014567890');
    expect(within(out!).getByRole('button', { name: /Cancel/ })).toBeInTheDocument();

    expect(card).toHaveTextContent('Card deposit');
    expect(card).toHaveTextContent('Visa •••• 4242');
    expect(within(card!).getByTestId('request-status')).toHaveTextContent('Completed');
    expect(within(card!).queryByRole('button')).toBeNull();

    expect(bank).toHaveTextContent('Bank transfer deposit');
    expect(within(bank!).getByTestId('request-status')).toHaveTextContent('Failed');
    expect(within(bank!).getByTestId('request-reason')).toHaveTextContent(
      'Reason: No transfer arrived with this reference.',
    );

    expect(toCash).toHaveTextContent('Assets to cash');
    expect(within(toCash!).getByTestId('request-status')).toHaveTextContent('Cancelled');

    expect(sent).toHaveTextContent('Transfer sent');
    expect(sent).toHaveTextContent('To J*** D*** •••• 3412');
    expect(within(sent!).getByTestId('request-item')).toHaveTextContent('Gold · 20,000.000 mg');

    expect(received).toHaveTextContent('Transfer received');
    expect(received).toHaveTextContent('From A*** H***');
    expect(received).toHaveTextContent('Antique watch');
  });

  it('asks for one kind only, and says when there is none', async () => {
    stubApi({
      [listPath('type=withdrawal&page=1&pageSize=10')]: { status: 200, body: page([]) },
    });
    renderWithProviders(
      <RequestList type="withdrawal" title="Your withdrawals" emptyText="No withdrawals yet" />,
    );
    expect(await screen.findByTestId('requests-empty')).toHaveTextContent('No withdrawals yet');
  });

  it('shows placeholders while loading, then a load error with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubApi({
      [listPath('page=1&pageSize=10')]: () =>
        fail
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } }
          : { status: 200, body: page(items.slice(0, 1)) },
    });
    renderWithProviders(<RequestList title="Your requests" emptyText="Nothing yet" />);
    expect(screen.getByLabelText('Loading your requests')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('Failed to load your requests.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('pages ten at a time', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 12 }, (_, n) => ({
      ...items[1],
      id: id(100 + n),
      amount: `${n + 1}.00`,
    }));
    stubApi({
      [listPath('page=1&pageSize=10')]: { status: 200, body: page(many.slice(0, 10), 12) },
      [listPath('page=2&pageSize=10')]: { status: 200, body: page(many.slice(10), 12, 2) },
    });
    renderWithProviders(<RequestList title="Your requests" emptyText="Nothing yet" />);
    const pager = await screen.findByRole('navigation', { name: 'Pages of requests' });
    expect(rows()).toHaveLength(10);
    expect(pager).toHaveTextContent('Page 1 of 2');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(pager).toHaveTextContent('Page 2 of 2');
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('cancels a pending withdrawal after a confirmation, once', async () => {
    const user = userEvent.setup();
    let current = withdrawal;
    const keys: (string | null)[] = [];
    const fetchMock = stubApi({
      [listPath('page=1&pageSize=10')]: () => ({ status: 200, body: page([current]) }),
      [`POST /api/v1/me/withdrawals/${withdrawal.id}/cancel`]: (_url, init) => {
        keys.push(new Headers(init.headers).get('idempotency-key'));
        current = { ...withdrawal, status: 'cancelled' };
        return { status: 200, body: current };
      },
    });
    renderWithProviders(<RequestList title="Your requests" emptyText="Nothing yet" />);
    await user.click(
      await screen.findByRole('button', { name: 'Cancel the withdrawal of $100.00' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel this withdrawal?' });
    expect(confirm).toHaveTextContent(
      'The withdrawal of $100.00 to Emirates NBD •••• 7890 will be cancelled and the cash returned to your balance.',
    );
    // Focus starts on the safe choice.
    expect(within(confirm).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel withdrawal' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Withdrawal cancelled', {
        description: '$100.00 is back in your cash balance.',
      }),
    );
    expect(keys).toHaveLength(1);
    expect(keys[0]).toBeTruthy();
    await waitFor(() =>
      expect(within(rows()[0]!).getByTestId('request-status')).toHaveTextContent('Cancelled'),
    );
    expect(screen.queryByRole('button', { name: /Cancel the withdrawal/ })).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/v1/me/withdrawals/${withdrawal.id}/cancel`,
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('says so when staff decided the withdrawal first', async () => {
    const user = userEvent.setup();
    stubApi({
      [listPath('page=1&pageSize=10')]: { status: 200, body: page([withdrawal]) },
      [`POST /api/v1/me/withdrawals/${withdrawal.id}/cancel`]: {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'Not pending' } },
      },
    });
    renderWithProviders(<RequestList title="Your requests" emptyText="Nothing yet" />);
    await user.click(await screen.findByRole('button', { name: /Cancel the withdrawal/ }));
    await user.click(await screen.findByRole('button', { name: 'Cancel withdrawal' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Cancellation failed', {
        description: 'This withdrawal is no longer pending, so it cannot be cancelled.',
      }),
    );
  });

  it('speaks Arabic', async () => {
    stubApi({ [listPath('page=1&pageSize=10')]: { status: 200, body: page(items) } });
    await i18next.changeLanguage('ar');
    renderWithProviders(<RequestList title="طلباتك" emptyText="لا شيء" />);
    await screen.findByRole('list', { name: 'طلباتك' });
    const [out, card] = rows();
    expect(out).toHaveTextContent('سحب');
    expect(within(out!).getByTestId('request-status')).toHaveTextContent('قيد الانتظار');
    expect(within(out!).getByRole('button', { name: /إلغاء سحب/ })).toBeInTheDocument();
    expect(card).toHaveTextContent('إيداع بالبطاقة');
    expect(card).toHaveTextContent('فيزا');
  });
});
