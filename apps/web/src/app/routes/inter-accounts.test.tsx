import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import InterAccountsRoute from './inter-accounts';

beforeAll(() => loadCatalogs(['banking']));
afterEach(() => vi.unstubAllGlobals());

const account = {
  accountNumber: '4000123412341234',
  cashBalance: '1234.50',
  totalAssets: '98765.43',
  kycStatus: 'approved',
};

describe('/inter-accounts', () => {
  it('shows the account number, cash balance, total assets and a way to withdraw', async () => {
    stubApi({ 'GET /api/v1/me/account': { status: 200, body: account } });
    renderWithProviders(<InterAccountsRoute />);
    expect(await screen.findByTestId('account-number')).toHaveTextContent('4000123412341234');
    expect(screen.getByTestId('cash-balance')).toHaveTextContent('$1,234.50');
    expect(screen.getByTestId('total-assets')).toHaveTextContent('$98,765.43');
    expect(screen.getByText('Your identity is verified.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/withdrawal');
  });

  it('points to /kyc while identity is not verified', async () => {
    stubApi({
      'GET /api/v1/me/account': { status: 200, body: { ...account, kycStatus: 'submitted' } },
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
    });
    renderWithProviders(<InterAccountsRoute />);
    expect(await screen.findByText('Failed to load account information.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /retry|try again/i }));
    expect(await screen.findByTestId('cash-balance')).toHaveTextContent('$1,234.50');
  });
});
