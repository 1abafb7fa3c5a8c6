import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { KycState } from '@secure-vault/shared/kyc';
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

function kycState(overrides: Partial<KycState> = {}): KycState {
  return {
    status: 'not_started',
    step: 0,
    data: {},
    verifiedPhone: null,
    documents: [],
    rejectionReason: null,
    submittedAt: null,
    decidedAt: null,
    ...overrides,
  };
}

// The charts' answers: a vault with no history and no listed holdings.
const chartAnswers = {
  'GET /api/v1/me/portfolio/history?range=1m': { status: 200, body: { range: '1m', points: [] } },
  'GET /api/v1/me/performance': {
    status: 200,
    body: {
      at: '2026-03-01T10:00:00.000Z',
      holdings: [],
      totals: { costBasis: '0', value: '0', unrealised: '0', realised: [] },
    },
  },
};

function stubVault(answers: {
  profile?: Profile;
  valuables?: Valuable[];
  summary?: Summary;
  kyc?: KycState;
}) {
  return stubApi({
    ...chartAnswers,
    'GET /api/v1/me/profile': { status: 200, body: answers.profile ?? profile() },
    'GET /api/v1/me/valuables': { status: 200, body: answers.valuables ?? [] },
    'GET /api/v1/me/summary': { status: 200, body: answers.summary ?? summary() },
    'GET /api/v1/me/kyc': { status: 200, body: answers.kyc ?? kycState() },
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
    expect(await screen.findByRole('link', { name: 'Complete KYC' })).toHaveAttribute(
      'href',
      '/kyc',
    );
    expect(screen.getByTestId('kyc-status')).toHaveTextContent('KYC Pending');
    expect(screen.queryByTestId('account-information')).not.toBeInTheDocument();
    expect(screen.getByTestId('book-balance')).toHaveTextContent('$0.00');
    expect(screen.queryByText('Pending approval')).not.toBeInTheDocument();
    // The charts say what will show there.
    expect(await screen.findByTestId('performance-empty')).toHaveTextContent(
      'No metals or crypto yet',
    );
    expect(within(screen.getByTestId('portfolio-chart')).getByTestId('chart-empty')).toBeVisible();
  });

  it('shows metals in grams or troy ounces when asked, and remembers the choice', async () => {
    const user = userEvent.setup();
    stubVault({
      valuables: [
        valuable({
          itemName: 'Gold',
          itemType: 'precious_metals',
          estimatedValue: '70.38000000',
          assetSymbol: 'AU',
          quantity: '1234.56700000',
          unit: 'mg',
        }),
      ],
    });
    const { unmount } = renderWithProviders(<DashboardRoute />, { route: '/dashboard' });
    const gold = await screen.findByTestId('valuable-card');
    expect(gold).toHaveTextContent('1,234.567 mg');
    const unit = screen.getByLabelText('Metals in');
    await user.selectOptions(unit, 'Grams (g)');
    expect(gold).toHaveTextContent('1.234567 g');
    await user.selectOptions(unit, 'Troy ounces (oz t)');
    expect(gold).toHaveTextContent('0.039692 oz t');
    expect(localStorage.getItem('metalUnit')).toBe('ozt');
    unmount();
    // Back on the dashboard later, the choice holds.
    renderWithProviders(<DashboardRoute />, { route: '/dashboard' });
    expect(await screen.findByTestId('valuable-card')).toHaveTextContent('0.039692 oz t');
    await user.selectOptions(screen.getByLabelText('Metals in'), 'Milligrams (mg)');
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
      kyc: kycState({ status: 'approved', step: 16 }),
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
    expect(gold).toHaveTextContent('1,000.000 mg');
    expect(within(gold).getByTestId('valuable-status')).toHaveTextContent('Locked');

    expect(screen.getByTestId('total-net-worth')).toHaveTextContent('$1,291.50');
    expect(screen.getByTestId('cash-balance')).toHaveTextContent('$0.10');
    expect(screen.getByTestId('book-balance')).toHaveTextContent('$2,500.00');
    expect(screen.getByTestId('book-balance')).toHaveTextContent('Pending approval');
    expect(screen.getByTestId('kyc-status')).toHaveTextContent('✓ KYC Complete');
    expect(screen.getByTestId('kyc-action-done')).toHaveAttribute('aria-disabled', 'true');

    const account = screen.getByTestId('account-information');
    expect(account).toHaveTextContent('Amira Haddad');
    // Approval stores the country's ISO code; the card names it.
    expect(account).toHaveTextContent('Dubai, United Arab Emirates');
    expect(account).toHaveTextContent('April 2, 1985');
    // The phone number is missing.
    expect(within(account).getAllByText('Not provided')).toHaveLength(1);

    // Bounded: profile, KYC, valuables, summary and the charts' two, never one per valuable.
    const urls = fetchMock.mock.calls.map(([url]) => url).sort();
    expect(urls).toEqual([
      '/api/v1/me/kyc',
      '/api/v1/me/performance',
      '/api/v1/me/portfolio/history?range=1m',
      '/api/v1/me/profile',
      '/api/v1/me/summary',
      '/api/v1/me/valuables',
    ]);
  });

  it('says when the valuables cannot be loaded', async () => {
    stubApi({
      ...chartAnswers,
      'GET /api/v1/me/profile': { status: 200, body: profile() },
      'GET /api/v1/me/summary': { status: 200, body: summary() },
      'GET /api/v1/me/kyc': { status: 200, body: kycState() },
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
    expect(await screen.findAllByTestId('valuable-card', {}, { timeout: 30_000 })).toHaveLength(
      1000,
    );
    expect(screen.getByTestId('valuables-count')).toHaveTextContent('1000 items');
    // It asserts that a thousand render, not how fast: jsdom on a busy 2-core machine takes
    // seconds. Speed is the bench's business.
  }, 60_000);

  describe('KYC', () => {
    it('offers to continue a verification in progress', async () => {
      stubVault({ kyc: kycState({ status: 'draft', step: 4 }) });
      renderWithProviders(<DashboardRoute />, { route: '/dashboard' });
      const status = await screen.findByTestId('kyc-status');
      expect(status).toHaveTextContent('KYC in progress');
      expect(within(status).getByRole('link', { name: 'Continue KYC' })).toHaveAttribute(
        'href',
        '/kyc',
      );
      expect(screen.getByTestId('kyc-action')).toHaveTextContent('In progress');
      expect(screen.queryByTestId('account-information')).not.toBeInTheDocument();
    });

    it('says a submitted verification is under review, with nothing to do', async () => {
      stubVault({ kyc: kycState({ status: 'submitted', step: 16 }) });
      renderWithProviders(<DashboardRoute />, { route: '/dashboard' });
      const status = await screen.findByTestId('kyc-status');
      expect(status).toHaveTextContent('Under review');
      expect(within(status).queryByRole('link')).not.toBeInTheDocument();
      // The tile still opens /kyc, which shows the review screen.
      expect(screen.getByTestId('kyc-action')).toHaveAttribute('href', '/kyc');
      expect(screen.getByTestId('kyc-action')).toHaveTextContent('Under review');
      expect(screen.queryByTestId('kyc-rejected')).not.toBeInTheDocument();
    });

    it('shows a rejection with its reason and the way to resubmit', async () => {
      stubVault({
        kyc: kycState({
          status: 'rejected',
          step: 16,
          rejectionReason: 'The passport photo is blurred.',
        }),
      });
      renderWithProviders(<DashboardRoute />, { route: '/dashboard' });
      expect(await screen.findByTestId('kyc-status')).toHaveTextContent('KYC rejected');
      const notice = screen.getByTestId('kyc-rejected');
      expect(
        within(notice).getByRole('heading', {
          name: 'Your identity verification was not approved',
        }),
      ).toBeVisible();
      expect(within(notice).getByTestId('kyc-rejection-reason')).toHaveTextContent(
        'The passport photo is blurred.',
      );
      // Isolated from the sentence around it, so its full stop stays at its end in Arabic.
      expect(within(notice).getByTestId('kyc-rejection-reason').tagName).toBe('BDI');
      expect(within(notice).getByRole('link', { name: 'Correct and resubmit' })).toHaveAttribute(
        'href',
        '/kyc',
      );
      expect(screen.getByTestId('kyc-action')).toHaveTextContent('Rejected');
      expect(screen.queryByTestId('account-information')).not.toBeInTheDocument();
    });

    it('shows an approved verification as complete, with the account information', async () => {
      stubVault({
        profile: profile({ kycCompleted: true, fullName: 'Amira Haddad' }),
        kyc: kycState({ status: 'approved', step: 16 }),
      });
      renderWithProviders(<DashboardRoute />, { route: '/dashboard' });
      expect(await screen.findByTestId('kyc-status')).toHaveTextContent('✓ KYC Complete');
      expect(screen.getByTestId('kyc-action-done')).toHaveAttribute('aria-disabled', 'true');
      expect(screen.getByTestId('account-information')).toHaveTextContent('Amira Haddad');
    });

    it('leads with the balances on a phone, the account information after them', async () => {
      stubVault({
        profile: profile({ kycCompleted: true, fullName: 'Amira Haddad' }),
        kyc: kycState({ status: 'approved', step: 16 }),
      });
      renderWithProviders(<DashboardRoute />, { route: '/dashboard' });
      const balances = await screen.findByRole('region', { name: 'Balances' });
      const account = screen.getByTestId('account-information');
      // Reading order (a phone's one column and a screen reader's): balances, then the details.
      expect(
        balances.compareDocumentPosition(account) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
      // From the sm breakpoint the details move back above the balances (SPEC §2's order).
      expect(screen.getByTestId('account-information-slot')).toHaveClass('sm:order-first');
    });

    it('keeps to the profile when the verification cannot be loaded', async () => {
      stubApi({
        ...chartAnswers,
        'GET /api/v1/me/profile': { status: 200, body: profile({ kycCompleted: true }) },
        'GET /api/v1/me/valuables': { status: 200, body: [] },
        'GET /api/v1/me/summary': { status: 200, body: summary() },
        'GET /api/v1/me/kyc': {
          status: 500,
          body: { error: { code: 'INTERNAL', message: 'boom' } },
        },
      });
      renderWithProviders(<DashboardRoute />, { route: '/dashboard' });
      expect(await screen.findByTestId('kyc-status')).toHaveTextContent('✓ KYC Complete');
      expect(screen.getByTestId('account-information')).toBeVisible();
    });

    it('says when the status could not be loaded, and tries again', async () => {
      const user = userEvent.setup();
      let calls = 0;
      stubApi({
        ...chartAnswers,
        'GET /api/v1/me/profile': { status: 200, body: profile() },
        'GET /api/v1/me/valuables': { status: 200, body: [] },
        'GET /api/v1/me/summary': { status: 200, body: summary() },
        'GET /api/v1/me/kyc': () => {
          calls += 1;
          return calls === 1
            ? { status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } }
            : { status: 200, body: kycState({ status: 'submitted' }) };
        },
      });
      renderWithProviders(<DashboardRoute />, { route: '/dashboard' });
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('We could not load your KYC status.');
      // The tile still leads to the wizard.
      expect(screen.getByTestId('kyc-action')).toHaveAttribute('href', '/kyc');
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByTestId('kyc-status')).toHaveTextContent('Under review');
    });
  });
});
