// The admin page: its tabs come from one list, each opened from the address (?tab=) or by the
// keyboard, showing grey rows until its screen and every catalog it reads are here, never a key
// in place of a text; Approvals keeps its count of what waits.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useLocation } from 'react-router';
import type { KycListItem } from '@secure-vault/shared/kyc';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { proposal, proposalPage } from '@/test/approvals-test-data';
import AdminRoute from './admin';

// Only the page's own catalog: each tab must load the rest itself.
beforeAll(() => loadCatalogs(['admin']));
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

const kycItem: KycListItem = {
  userId: '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10',
  email: 'amira@example.com',
  fullName: null,
  status: 'submitted',
  kycCompleted: false,
  submittedAt: '2026-02-03T10:00:00.000Z',
  createdAt: '2026-01-02T00:00:00.000Z',
};

const pending = 'GET /api/v1/admin/proposals?state=pending&page=1&pageSize=25';

function stubPage(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/v1/admin/net-worth': {
      status: 200,
      body: { total: '100.00', bookBalances: '100.00', valuables: '0.00', rounding: '0.00' },
    },
    [pending]: { status: 200, body: proposalPage([proposal(), proposal({ id: 'b' })]) },
    'GET /api/v1/admin/kyc': { status: 200, body: [kycItem] },
    'GET /api/v1/admin/users': { status: 200, body: [] },
    ...extra,
  });
}

function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

describe('AdminRoute', () => {
  it('opens the tab the address names, with its catalogs loaded before it shows', async () => {
    stubPage();
    renderWithProviders(
      <>
        <AdminRoute />
        <Address />
      </>,
      { route: '/admin?tab=kyc' },
    );
    const tab = await screen.findByRole('tab', { name: 'KYC Management' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByTestId('kyc-table');
    // KYC Management reads the wizard's and the error codes' catalogs besides its own.
    expect(i18next.hasLoadedNamespace('kyc')).toBe(true);
    expect(i18next.hasLoadedNamespace('auth')).toBe(true);
    expect(within(table).getByTestId('kyc-status-badge')).toHaveTextContent('Under review');
    expect(screen.queryByTestId('staff-tab-loading')).not.toBeInTheDocument();
  });

  it('shows how many proposals wait on the Approvals tab, from any tab', async () => {
    stubPage();
    renderWithProviders(<AdminRoute />, { route: '/admin?tab=users' });
    const approvals = await screen.findByRole('tab', { name: /Approvals/ });
    expect(await within(approvals).findByTestId('approvals-badge')).toHaveTextContent('2');
  });

  it('moves between tabs with the arrow keys and keeps the tab in the address', async () => {
    const user = userEvent.setup();
    stubPage();
    renderWithProviders(
      <>
        <AdminRoute />
        <Address />
      </>,
      { route: '/admin?tab=passwordReset' },
    );
    const reset = await screen.findByRole('tab', { name: 'Password Reset' });
    await act(async () => reset.focus());
    await user.keyboard('{ArrowRight}');
    const delivery = screen.getByRole('tab', { name: 'Delivery Management' });
    expect(delivery).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('?tab=delivery'));
    expect(delivery).toHaveAttribute('aria-selected', 'true');
  });

  it('falls back to Approvals for an unknown tab', async () => {
    stubPage();
    renderWithProviders(<AdminRoute />, { route: '/admin?tab=nothing' });
    expect(await screen.findByRole('tab', { name: /Approvals/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
