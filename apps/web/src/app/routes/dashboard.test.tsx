import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Profile, Summary, Valuable } from '@secure-vault/shared/vault';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import DashboardRoute from './dashboard';

beforeAll(() => loadCatalogs(['vault']));
afterEach(() => vi.unstubAllGlobals());

const userId = '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10';

function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    userId,
    email: 'customer@example.com',
    fullName: null,
    bookBalance: '0.00',
    kycCompleted: false,
    dateOfBirth: null,
    country: null,
    city: null,
    streetAddress: null,
    postalCode: null,
    phoneNumber: null,
    accountNumber: '1234567897',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function summary(overrides: Partial<Summary> = {}): Summary {
  return {
    cashBalance: '0.00000000',
    bookBalance: '0.00',
    totalNetWorth: '0.00000000',
    allocation: [],
    ...overrides,
  };
}

function valuable(overrides: Partial<Valuable>): Valuable {
  return {
    id: crypto.randomUUID(),
    userId,
    itemName: 'Item',
    itemType: 'other',
    estimatedValue: null,
    description: null,
    storageLocation: null,
    assetSymbol: null,
    quantity: null,
    unit: null,
    status: 'active',
    dateStored: '2026-01-05T12:00:00.000Z',
    createdAt: '2026-01-05T12:00:00.000Z',
    ...overrides,
  };
}

function stubVault(answers: { profile?: Profile; valuables?: Valuable[]; summary?: Summary }) {
  return stubApi({
    'GET /api/v1/me/profile': { status: 200, body: answers.profile ?? profile() },
    'GET /api/v1/me/valuables': { status: 200, body: answers.valuables ?? [] },
    'GET /api/v1/me/summary': { status: 200, body: answers.summary ?? summary() },
  });
}

describe('DashboardRoute', () => {
  it('shows the empty vault, KYC pending, and no account information before KYC', async () => {
    stubVault({});
    renderWithProviders(<DashboardRoute />, { route: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Your vault is empty' })).toBeVisible();
    expect(
      screen.getByText('Your valuables will appear here once an admin adds them to your account.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Complete KYC' })).toHaveAttribute('href', '/kyc');
    expect(screen.queryByTestId('account-information')).not.toBeInTheDocument();
    expect(screen.getByTestId('book-balance')).toHaveTextContent('$0.00');
    expect(screen.queryByText('Pending approval')).not.toBeInTheDocument();
  });

  it('lists valuables from one request, with translated types, N/A and exact amounts', async () => {
    const fetchMock = stubVault({
      profile: profile({
        kycCompleted: true,
        fullName: 'Amira Haddad',
        city: 'Dubai',
        country: 'AE',
        dateOfBirth: '1985-04-02',
        bookBalance: '2500.00',
      }),
      valuables: [
        valuable({
          itemName: 'Diamond necklace',
          itemType: 'jewelry',
          estimatedValue: '1234.50000000',
          storageLocation: 'Vault A',
          description: 'Platinum setting',
        }),
        valuable({ itemName: 'Family papers', itemType: 'documents', status: 'in_delivery' }),
        valuable({
          itemName: 'Gold',
          itemType: 'precious_metals',
          estimatedValue: '57.00000000',
          assetSymbol: 'AU',
          quantity: '1000.00000000',
          unit: 'mg',
          status: 'locked',
        }),
      ],
      summary: summary({
        bookBalance: '2500.00',
        cashBalance: '0.10000000',
        totalNetWorth: '1291.50000000',
        allocation: [
          { itemType: 'jewelry', value: '1234.50000000' },
          { itemType: 'precious_metals', value: '57.00000000' },
        ],
      }),
    });
    renderWithProviders(<DashboardRoute />, { route: '/dashboard' });

    const cards = await screen.findAllByTestId('valuable-card');
    expect(cards).toHaveLength(3);
    const [necklace, papers, gold] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(necklace).getByRole('heading', { name: 'Diamond necklace' })).toBeVisible();
    expect(necklace).toHaveTextContent('Jewelry');
    expect(necklace).toHaveTextContent('$1,234.50');
    expect(necklace).toHaveTextContent('Vault A');
    expect(necklace).toHaveTextContent('Platinum setting');
    expect(necklace).toHaveTextContent('Jan 5, 2026');
    expect(within(necklace).getByTestId('valuable-status')).toHaveTextContent('Active');
    expect(within(papers).getByTestId('valuable-value')).toHaveTextContent('N/A');
    expect(within(papers).getByTestId('valuable-status')).toHaveTextContent('In delivery');
    expect(gold).toHaveTextContent('1,000 mg');
    expect(within(gold).getByTestId('valuable-status')).toHaveTextContent('Locked');

    expect(screen.getByTestId('total-net-worth')).toHaveTextContent('$1,291.50');
    expect(screen.getByTestId('cash-balance')).toHaveTextContent('$0.10');
    expect(screen.getByTestId('book-balance')).toHaveTextContent('$2,500.00');
    expect(screen.getByTestId('book-balance')).toHaveTextContent('Pending approval');
    expect(screen.getByTestId('kyc-status')).toHaveTextContent('✓ KYC Complete');
    expect(screen.getByTestId('kyc-action-done')).toHaveAttribute('aria-disabled', 'true');

    const account = screen.getByTestId('account-information');
    expect(account).toHaveTextContent('Amira Haddad');
    expect(account).toHaveTextContent('Dubai, AE');
    expect(account).toHaveTextContent('April 2, 1985');
    // The phone number is missing.
    expect(within(account).getAllByText('Not provided')).toHaveLength(1);

    // Bounded: profile, valuables and summary, never one request per valuable.
    const urls = fetchMock.mock.calls.map(([url]) => url).sort();
    expect(urls).toEqual(['/api/v1/me/profile', '/api/v1/me/summary', '/api/v1/me/valuables']);
  });

  it('says when the valuables cannot be loaded', async () => {
    stubApi({
      'GET /api/v1/me/profile': { status: 200, body: profile() },
      'GET /api/v1/me/summary': { status: 200, body: summary() },
      'GET /api/v1/me/valuables': {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'boom' } },
      },
    });
    renderWithProviders(<DashboardRoute />, { route: '/dashboard' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading valuables');
    expect(alert).toHaveTextContent('Failed to load your valuables');
  });

  it('renders a thousand valuables', async () => {
    const many = Array.from({ length: 1000 }, (_, index) =>
      valuable({ itemName: `Item ${index}`, estimatedValue: `${index}.25` }),
    );
    stubVault({ valuables: many });
    renderWithProviders(<DashboardRoute />, { route: '/dashboard' });
    expect(await screen.findAllByTestId('valuable-card')).toHaveLength(1000);
    expect(screen.getByTestId('valuables-count')).toHaveTextContent('1000 items');
  });
});
