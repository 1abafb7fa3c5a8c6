import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import i18next from 'i18next';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { toast } from '@/lib/toast';
import { BankDepositDialog } from './bank-deposit-dialog';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['banking', 'transfers', 'auth']));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18next.changeLanguage('en');
});

const path = 'POST /api/v1/me/deposits/bank';
const deposit = {
  id: '6f9b5a52-2d2e-4a8e-8b1a-2a0d1f6c9e12',
  type: 'bank_deposit',
  status: 'pending',
  amount: '5000.00',
  reference: 'TXN1767225600000456',
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
  bankDetails: {
    bankName: 'Secure Vault Custody Bank',
    accountName: 'Secure Vault Client Money',
    iban: 'GB33BUKB20201555555555',
    swiftCode: 'BUKBGB22',
  },
};

async function open(user: UserEvent) {
  renderWithProviders(<BankDepositDialog />);
  await user.click(await screen.findByRole('button', { name: 'Deposit by bank transfer' }));
  return screen.findByRole('dialog', { name: 'Deposit by bank transfer' });
}

describe('BankDepositDialog', () => {
  it('refuses an amount that is not one', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({});
    const dialog = await open(user);
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '12.345');
    await user.click(within(dialog).getByRole('button', { name: 'Get bank details' }));
    expect(await within(dialog).findByText('Please enter a valid amount')).toBeInTheDocument();
    // The field says it; no toast repeats it.
    expect(toast.error).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('shows the deposit limits and holds the amount to them', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'GET /api/v1/me/limits': {
        status: 200,
        body: {
          deposit: {
            perRequest: '1000.00',
            daily: '1500.00',
            usedToday: '0.00',
            remainingToday: '1500.00',
          },
          withdrawal: {
            perRequest: '500.00',
            daily: '800.00',
            usedToday: '0.00',
            remainingToday: '800.00',
          },
        },
      },
    });
    const dialog = await open(user);
    const amount = within(dialog).getByLabelText('Amount (USD)');
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription(
        expect.stringContaining('Up to $1,000.00 per deposit and $1,500.00 in any 24 hours'),
      ),
    );
    await user.type(amount, '1000000000');
    await user.click(within(dialog).getByRole('button', { name: 'Get bank details' }));
    expect(
      await within(dialog).findByText('A single deposit can be at most $1,000.00.'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('gives the bank details and the reference, each to copy', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    let sent: { body: unknown; key: string | null } | undefined;
    stubApi({
      [path]: (_url, init) => {
        sent = {
          body: JSON.parse(init.body as string),
          key: new Headers(init.headers).get('idempotency-key'),
        };
        return { status: 201, body: deposit };
      },
    });
    const dialog = await open(user);
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '5000');
    await user.click(within(dialog).getByRole('button', { name: 'Get bank details' }));

    const details = await within(dialog).findByTestId('bank-deposit-details');
    expect(sent?.body).toEqual({ amount: '5000' });
    expect(sent?.key).toBeTruthy();
    expect(within(dialog).getByText('Transfer $5,000.00 to:')).toHaveFocus();
    expect(details).toHaveTextContent('Secure Vault Custody Bank');
    expect(details).toHaveTextContent('Secure Vault Client Money');
    expect(within(details).getByTestId('bank-deposit-iban')).toHaveTextContent(
      'GB33BUKB20201555555555',
    );
    expect(within(details).getByTestId('bank-deposit-swiftCode')).toHaveTextContent('BUKBGB22');
    expect(within(details).getByTestId('bank-deposit-reference')).toHaveTextContent(
      'TXN1767225600000456',
    );
    expect(dialog).toHaveTextContent("Put this reference in your transfer's description:");
    expect(dialog).toHaveTextContent(/credited once our staff confirm the money has arrived/);

    await user.click(within(details).getByRole('button', { name: 'Copy IBAN' }));
    expect(writeText).toHaveBeenCalledWith('GB33BUKB20201555555555');
    expect(within(details).getByRole('button', { name: 'IBAN copied' })).toBeInTheDocument();
    await user.click(within(details).getByRole('button', { name: 'Copy Reference' }));
    expect(writeText).toHaveBeenLastCalledWith('TXN1767225600000456');

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The next deposit starts from the amount again.
    await user.click(screen.getByRole('button', { name: 'Deposit by bank transfer' }));
    expect(await screen.findByLabelText('Amount (USD)')).toHaveValue('');
  });

  it('reports a failure, and a retry is the same request', async () => {
    const user = userEvent.setup();
    const keys: (string | null)[] = [];
    let fail = true;
    stubApi({
      [path]: (_url, init) => {
        keys.push(new Headers(init.headers).get('idempotency-key'));
        return fail
          ? { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Down' } } }
          : { status: 201, body: deposit };
      },
    });
    const dialog = await open(user);
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '5000');
    await user.click(within(dialog).getByRole('button', { name: 'Get bank details' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Deposit Failed', expect.anything()),
    );
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Get bank details' }));
    await within(dialog).findByTestId('bank-deposit-details');
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('speaks Arabic', async () => {
    const user = userEvent.setup();
    stubApi({ [path]: { status: 201, body: deposit } });
    await i18next.changeLanguage('ar');
    renderWithProviders(<BankDepositDialog />);
    await user.click(await screen.findByRole('button', { name: 'الإيداع بتحويل مصرفي' }));
    const dialog = await screen.findByRole('dialog', { name: 'الإيداع بتحويل مصرفي' });
    await user.type(within(dialog).getByLabelText('المبلغ (بالدولار الأمريكي)'), '5000');
    await user.click(within(dialog).getByRole('button', { name: 'عرض البيانات المصرفية' }));
    await within(dialog).findByTestId('bank-deposit-details');
    expect(dialog).toHaveTextContent('اكتب هذا المرجع في وصف التحويل:');
    expect(within(dialog).getByRole('button', { name: 'نسخ المرجع' })).toBeInTheDocument();
  });
});
