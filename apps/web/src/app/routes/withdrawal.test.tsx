import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { toast } from '@/lib/toast';
import WithdrawalRoute from './withdrawal';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['banking', 'transfers', 'auth', 'catalogue']));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const account = {
  accountNumber: '4000123412341234',
  cashBalance: '250.00',
  totalAssets: '1000.00',
  convertibleAssets: '1000.00',
  kycStatus: 'approved',
};

const bankAccount = {
  id: '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10',
  bankName: 'Deutsche Bank',
  accountName: 'Jane Doe',
  accountNumber: '12345678',
  iban: 'DE89370400440532013000',
  swiftCode: 'DEUTDEFF',
  branch: 'Berlin',
  isVerified: true,
  createdAt: '2026-11-01T10:00:00.000Z',
};

const withdrawalsPath = 'GET /api/v1/me/transfers?type=withdrawal&page=1&pageSize=10';
const withdrawalsPage = (items: unknown[]) => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 10,
  counts: { pending: 0, completed: 0, failed: 0, cancelled: 0 },
});

describe('/withdrawal', () => {
  it('asks for identity verification instead of showing bank accounts', async () => {
    const fetchMock = stubApi({
      'GET /api/v1/me/account': { status: 200, body: { ...account, kycStatus: 'draft' } },
    });
    renderWithProviders(<WithdrawalRoute />);
    const notice = await screen.findByTestId('kyc-required');
    expect(within(notice).getByRole('link', { name: 'Verify your identity' })).toHaveAttribute(
      'href',
      '/kyc',
    );
    expect(screen.getByTestId('cash-balance')).toHaveTextContent('$250.00');
    expect(screen.queryByRole('button', { name: 'Register bank account' })).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Back to inter-accounts' })).toHaveAttribute(
      'href',
      '/inter-accounts',
    );
  });

  it('prompts to register when there is no bank account', async () => {
    stubApi({
      'GET /api/v1/me/account': { status: 200, body: account },
      'GET /api/v1/me/bank-accounts': { status: 200, body: [] },
      [withdrawalsPath]: { status: 200, body: withdrawalsPage([]) },
    });
    renderWithProviders(<WithdrawalRoute />);
    expect(await screen.findByText(/You have no bank account yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register bank account' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('lists bank accounts masked and removes one after confirmation', async () => {
    const user = userEvent.setup();
    let accounts = [bankAccount];
    const fetchMock = stubApi({
      'GET /api/v1/me/account': { status: 200, body: account },
      'GET /api/v1/me/bank-accounts': () => ({ status: 200, body: accounts }),
      [withdrawalsPath]: { status: 200, body: withdrawalsPage([]) },
      [`DELETE /api/v1/me/bank-accounts/${bankAccount.id}`]: () => {
        accounts = [];
        return { status: 204 };
      },
    });
    renderWithProviders(<WithdrawalRoute />);
    const list = await screen.findByRole('list', { name: 'Your bank accounts' });
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(within(list).getByText('Deutsche Bank', { selector: 'p > bdi' })).toBeInTheDocument();
    expect(within(list).getByText('Jane Doe')).toBeInTheDocument();
    expect(within(list).getByText('•••• 5678', { selector: 'bdi' })).toBeInTheDocument();
    expect(within(list).getByText('•••• 3000', { selector: 'bdi' })).toBeInTheDocument();
    expect(list).not.toHaveTextContent('DE89370400440532013000');
    expect(list).not.toHaveTextContent('12345678');

    await user.click(within(list).getByRole('button', { name: /Remove/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Deutsche Bank');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText(/You have no bank account yet/)).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('Bank account removed');
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/v1/me/bank-accounts/${bankAccount.id}`,
      expect.objectContaining({ method: 'DELETE' }),
    );
  });

  it('withdraws, and the cash balance and the withdrawals follow', async () => {
    const user = userEvent.setup();
    let cash = '250.00';
    let withdrawals: unknown[] = [];
    const made = {
      id: '6f9b5a52-2d2e-4a8e-8b1a-2a0d1f6c9e14',
      type: 'withdrawal',
      status: 'pending',
      amount: '100.00',
      reference: 'WTH1767225600000789',
      direction: null,
      counterpartyAccountNumber: null,
      counterpartyName: null,
      itemName: null,
      assetSymbol: null,
      quantity: null,
      bankName: 'Deutsche Bank',
      bankAccountNumber: '12345678',
      cardLastFour: null,
      cardType: null,
      reason: null,
      createdAt: '2026-05-15T10:00:00.000Z',
      updatedAt: '2026-05-15T10:00:00.000Z',
    };
    stubApi({
      'GET /api/v1/me/account': () => ({ status: 200, body: { ...account, cashBalance: cash } }),
      'GET /api/v1/me/bank-accounts': { status: 200, body: [bankAccount] },
      'GET /api/v1/me/limits': {
        status: 200,
        body: {
          deposit: {
            perRequest: '50000.00',
            daily: '100000.00',
            usedToday: '0.00',
            remainingToday: '100000.00',
          },
          withdrawal: {
            perRequest: '50000.00',
            daily: '100000.00',
            usedToday: '0.00',
            remainingToday: '100000.00',
          },
        },
      },
      [withdrawalsPath]: () => ({ status: 200, body: withdrawalsPage(withdrawals) }),
      'POST /api/v1/me/withdrawals': () => {
        cash = '150.00';
        withdrawals = [made];
        return { status: 201, body: made };
      },
    });
    renderWithProviders(<WithdrawalRoute />);
    expect(await screen.findByTestId('requests-empty')).toHaveTextContent(
      'You have not withdrawn any cash yet.',
    );
    await user.type(await screen.findByLabelText('Amount (USD)'), '100');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    // Nothing leaves before the review is confirmed.
    expect(screen.getByTestId('cash-balance')).toHaveTextContent('$250.00');
    await user.click(await screen.findByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(screen.getByTestId('cash-balance')).toHaveTextContent('$150.00'));
    const list = await screen.findByRole('list', { name: 'Your withdrawals' });
    expect(list).toHaveTextContent('WTH1767225600000789');
    expect(toast.success).toHaveBeenCalledWith('Withdrawal requested', expect.anything());
  });

  it('reports a load failure', async () => {
    stubApi({
      'GET /api/v1/me/account': {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'Boom' } },
      },
    });
    renderWithProviders(<WithdrawalRoute />);
    await waitFor(() =>
      expect(screen.getByText('Failed to load account information.')).toBeInTheDocument(),
    );
  });
});
