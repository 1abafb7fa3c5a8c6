import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { toast } from '@/lib/toast';
import { WithdrawalForm } from './withdrawal-form';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['banking', 'transfers', 'auth']));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18next.changeLanguage('en');
});

const path = 'POST /api/v1/me/withdrawals';
const limitsPath = 'GET /api/v1/me/limits';
const limits = {
  deposit: {
    perRequest: '50000.00',
    daily: '100000.00',
    usedToday: '0.00',
    remainingToday: '100000.00',
  },
  withdrawal: {
    perRequest: '500.00',
    daily: '1000.00',
    usedToday: '850.00',
    remainingToday: '150.00',
  },
};
const limitsReply = { [limitsPath]: { status: 200, body: limits } };
const posts = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

/** Opens the review and confirms it. */
async function confirm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Withdraw' }));
  const review = await screen.findByRole('alertdialog', { name: 'Review your withdrawal' });
  await user.click(within(review).getByRole('button', { name: 'Confirm withdrawal' }));
}
const accounts = [
  {
    id: '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10',
    bankName: 'Deutsche Bank',
    accountName: 'Jane Doe',
    accountNumber: '12345678',
    iban: 'DE89370400440532013000',
    swiftCode: 'DEUTDEFF',
    branch: 'Berlin',
    isVerified: true,
    createdAt: '2026-11-01T10:00:00.000Z',
  },
  {
    id: '1c1f3f8e-6f1c-4a53-9a43-7d1f1f2f4a11',
    bankName: 'Emirates NBD',
    accountName: 'Jane Doe',
    accountNumber: '1014567890',
    iban: 'AE070331234567890123456',
    swiftCode: 'EBILAEAD',
    branch: 'Dubai Mall',
    isVerified: true,
    createdAt: '2026-11-02T10:00:00.000Z',
  },
];
const withdrawal = {
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
  bankName: 'Emirates NBD',
  bankAccountNumber: '1014567890',
  cardLastFour: null,
  cardType: null,
  reason: null,
  createdAt: '2026-05-15T10:00:00.000Z',
  updatedAt: '2026-05-15T10:00:00.000Z',
};

describe('WithdrawalForm', () => {
  it('lists the verified accounts masked, and asks for one and a valid amount', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(limitsReply);
    renderWithProviders(<WithdrawalForm cashBalance="250.00" accounts={accounts} />);
    const picker = await screen.findByLabelText('Bank account');
    expect(picker).toHaveDisplayValue('Select a bank account');
    expect(screen.getByRole('option', { name: 'Emirates NBD — •••• 7890' })).toBeInTheDocument();
    expect(picker).not.toHaveTextContent('1014567890');
    await waitFor(() =>
      expect(screen.getByLabelText('Amount (USD)')).toHaveAccessibleDescription(
        'Available cash: $250.00Up to $500.00 per withdrawal and $1,000.00 in any 24 hours: $150.00 left now.',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Please select a bank account')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid amount')).toBeInTheDocument();
    // The fields say it; no toast repeats it.
    expect(toast.error).not.toHaveBeenCalled();
    expect(picker).toHaveFocus();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('refuses more than the cash balance', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(limitsReply);
    renderWithProviders(<WithdrawalForm cashBalance="250.00" accounts={accounts.slice(0, 1)} />);
    // One account is chosen already.
    expect(await screen.findByLabelText('Bank account')).toHaveDisplayValue(
      'Deutsche Bank — •••• 5678',
    );
    await user.type(screen.getByLabelText('Amount (USD)'), '250.01');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Insufficient cash balance')).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('refuses more than the limits allow before anything is sent', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(limitsReply);
    renderWithProviders(<WithdrawalForm cashBalance="5000.00" accounts={accounts.slice(0, 1)} />);
    const amount = await screen.findByLabelText('Amount (USD)');
    await waitFor(() => expect(amount).toHaveAccessibleDescription(/\$150\.00 left now/));
    await user.type(amount, '150.01');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(
      await screen.findByText(
        'Withdrawals are limited to $1,000.00 in any 24 hours. You can withdraw up to $150.00 now.',
      ),
    ).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '600');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(
      await screen.findByText('A single withdrawal can be at most $500.00.'),
    ).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('shows the amount, the account and the cash left, and sends nothing until confirmed', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ ...limitsReply, [path]: { status: 201, body: withdrawal } });
    renderWithProviders(<WithdrawalForm cashBalance="250.00" accounts={accounts} />);
    await user.selectOptions(await screen.findByLabelText('Bank account'), accounts[1]!.id);
    await user.type(screen.getByLabelText('Amount (USD)'), '100');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const review = await screen.findByRole('alertdialog', { name: 'Review your withdrawal' });
    expect(within(review).getByTestId('confirm-withdrawal-amount')).toHaveTextContent('$100.00');
    expect(within(review).getByTestId('confirm-withdrawal-account')).toHaveTextContent(
      'Emirates NBD — •••• 7890',
    );
    expect(within(review).getByTestId('confirm-withdrawal-remaining')).toHaveTextContent('$150.00');
    // Back changes nothing.
    await user.click(within(review).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts(fetchMock)).toHaveLength(0);
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue('100');
    await confirm(user);
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(posts(fetchMock)).toHaveLength(1);
  });

  it('withdraws with a key, says where the cash went, and reuses the key on retry', async () => {
    const user = userEvent.setup();
    const calls: { body: unknown; key: string | null }[] = [];
    let fail = true;
    stubApi({
      ...limitsReply,
      [path]: (_url, init) => {
        calls.push({
          body: JSON.parse(init.body as string),
          key: new Headers(init.headers).get('idempotency-key'),
        });
        return fail
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } }
          : { status: 201, body: withdrawal };
      },
    });
    renderWithProviders(<WithdrawalForm cashBalance="250.00" accounts={accounts} />);
    await user.selectOptions(await screen.findByLabelText('Bank account'), accounts[1]!.id);
    await user.type(screen.getByLabelText('Amount (USD)'), '100');
    await confirm(user);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Withdrawal Failed', {
        description: 'Failed to process withdrawal request',
      }),
    );
    fail = false;
    await confirm(user);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Withdrawal requested', {
        description:
          '$100.00 has left your cash balance and is on its way to Emirates NBD — •••• 7890. Reference: WTH1767225600000789',
      }),
    );
    expect(calls.map((call) => call.body)).toEqual([
      { bankAccountId: accounts[1]!.id, amount: '100' },
      { bankAccountId: accounts[1]!.id, amount: '100' },
    ]);
    expect(calls[1]!.key).toBe(calls[0]!.key);
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue('');
  });

  it('puts the server’s insufficient cash on the amount', async () => {
    const user = userEvent.setup();
    stubApi({
      ...limitsReply,
      [path]: {
        status: 422,
        body: { error: { code: 'INSUFFICIENT_CASH', message: 'You need more' } },
      },
    });
    renderWithProviders(<WithdrawalForm cashBalance="250.00" accounts={accounts.slice(0, 1)} />);
    await user.type(await screen.findByLabelText('Amount (USD)'), '100');
    await confirm(user);
    expect(await screen.findByText('Insufficient cash balance')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount (USD)')).toHaveAttribute('aria-invalid', 'true');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('puts the server’s daily limit, with its figures, on the amount', async () => {
    const user = userEvent.setup();
    stubApi({
      ...limitsReply,
      [path]: {
        status: 422,
        body: {
          error: {
            code: 'OVER_DAILY_LIMIT',
            message: 'Over',
            details: { kind: 'withdrawal', limit: '1000.00', remaining: '40.00' },
          },
        },
      },
    });
    renderWithProviders(<WithdrawalForm cashBalance="250.00" accounts={accounts.slice(0, 1)} />);
    await user.type(await screen.findByLabelText('Amount (USD)'), '100');
    await confirm(user);
    expect(
      await screen.findByText(
        'Withdrawals are limited to $1,000.00 in any 24 hours. You can withdraw up to $40.00 now.',
      ),
    ).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('fills in the whole balance', async () => {
    const user = userEvent.setup();
    stubApi(limitsReply);
    renderWithProviders(<WithdrawalForm cashBalance="250.50" accounts={accounts} />);
    await user.click(await screen.findByRole('button', { name: 'All' }));
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue('250.5');
  });

  it('speaks Arabic', async () => {
    const user = userEvent.setup();
    stubApi(limitsReply);
    await i18next.changeLanguage('ar');
    renderWithProviders(<WithdrawalForm cashBalance="250.00" accounts={accounts} />);
    await user.click(await screen.findByRole('button', { name: 'سحب' }));
    expect(await screen.findByText('يرجى اختيار حساب مصرفي')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('الحساب المصرفي'), accounts[1]!.id);
    await user.type(screen.getByLabelText('المبلغ (بالدولار الأمريكي)'), '100');
    await user.click(screen.getByRole('button', { name: 'سحب' }));
    const review = await screen.findByRole('alertdialog', { name: 'راجع طلب السحب' });
    expect(within(review).getByRole('button', { name: 'تأكيد السحب' })).toBeInTheDocument();
  });
});
