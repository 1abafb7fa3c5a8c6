import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { toast } from '@/lib/toast';
import WithdrawalRoute from './withdrawal';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['banking', 'auth']));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const account = {
  accountNumber: '4000123412341234',
  cashBalance: '250.00',
  totalAssets: '1000.00',
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
    });
    renderWithProviders(<WithdrawalRoute />);
    expect(await screen.findByText(/You have no bank account yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register bank account' })).toBeInTheDocument();
  });

  it('lists bank accounts masked and removes one after confirmation', async () => {
    const user = userEvent.setup();
    let accounts = [bankAccount];
    const fetchMock = stubApi({
      'GET /api/v1/me/account': { status: 200, body: account },
      'GET /api/v1/me/bank-accounts': () => ({ status: 200, body: accounts }),
      [`DELETE /api/v1/me/bank-accounts/${bankAccount.id}`]: () => {
        accounts = [];
        return { status: 204 };
      },
    });
    renderWithProviders(<WithdrawalRoute />);
    const list = await screen.findByRole('list', { name: 'Your bank accounts' });
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
