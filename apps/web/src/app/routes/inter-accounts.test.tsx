import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import InterAccountsRoute from './inter-accounts';

beforeAll(() => loadCatalogs(['banking', 'transfers', 'auth', 'catalogue']));
afterEach(() => vi.unstubAllGlobals());

const account = {
  accountNumber: '4000123412341234',
  cashBalance: '1234.50',
  totalAssets: '98765.43',
  convertibleAssets: '98765.43',
  kycStatus: 'approved',
};

const noRequests = {
  items: [],
  total: 0,
  page: 1,
  pageSize: 10,
  counts: { pending: 0, completed: 0, failed: 0, cancelled: 0 },
};
const requestsPath = 'GET /api/v1/me/transfers?page=1&pageSize=10';

describe('/inter-accounts', () => {
  it('shows the account number, cash balance, total assets and a way to withdraw', async () => {
    stubApi({
      'GET /api/v1/me/account': { status: 200, body: account },
      [requestsPath]: { status: 200, body: noRequests },
    });
    renderWithProviders(<InterAccountsRoute />);
    expect(await screen.findByTestId('account-number')).toHaveTextContent('4000123412341234');
    expect(screen.getByTestId('cash-balance')).toHaveTextContent('$1,234.50');
    expect(screen.getByTestId('total-assets')).toHaveTextContent('$98,765.43');
    expect(screen.getByText('Your identity is verified.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/withdrawal');
  });

  it('offers card and bank deposits, conversion to cash, and lists the requests', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/v1/me/account': { status: 200, body: account },
      [requestsPath]: { status: 200, body: noRequests },
    });
    renderWithProviders(<InterAccountsRoute />);
    expect(await screen.findByRole('heading', { name: 'Your requests' })).toBeInTheDocument();
    expect(await screen.findByTestId('requests-empty')).toHaveTextContent(
      'You have no requests yet.',
    );
    expect(screen.getByRole('button', { name: 'Deposit by card' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deposit by bank transfer' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Convert assets to cash' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convert assets to cash' });
    expect(within(dialog).getByLabelText('Amount (USD)')).toHaveAccessibleDescription(
      expect.stringContaining('Up to $98,765.43 of your unlocked holdings'),
    );
  });

  it('points to /kyc while identity is not verified', async () => {
    stubApi({
      'GET /api/v1/me/account': { status: 200, body: { ...account, kycStatus: 'submitted' } },
      [requestsPath]: { status: 200, body: noRequests },
    });
    renderWithProviders(<InterAccountsRoute />);
    expect(await screen.findByText(/under review/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to verification' })).toHaveAttribute(
      'href',
      '/kyc',
    );
  });

  it('reports a load failure and retries', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubApi({
      'GET /api/v1/me/account': () =>
        fail
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } }
          : { status: 200, body: account },
      [requestsPath]: { status: 200, body: noRequests },
    });
    renderWithProviders(<InterAccountsRoute />);
    expect(await screen.findByText('Failed to load account information.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /retry|try again/i }));
    expect(await screen.findByTestId('cash-balance')).toHaveTextContent('$1,234.50');
  });
});
