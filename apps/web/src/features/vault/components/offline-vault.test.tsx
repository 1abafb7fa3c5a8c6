import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Session } from '@secure-vault/shared/auth';
import { sessionQueryKey } from '@/lib/auth/get-session';
import type { VaultSnapshot } from '@/lib/offline/vault-snapshot';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { DashboardView } from './dashboard-view';

const store = vi.hoisted(() => ({
  read: vi.fn<(userId?: string) => Promise<unknown>>(),
  save: vi.fn<(snapshot: unknown) => Promise<void>>(async () => {}),
}));
vi.mock('@/lib/offline/vault-snapshot', () => ({
  vaultSnapshots: { read: store.read, save: store.save, forget: async () => {} },
}));

beforeAll(() => loadCatalogs(['vault']));
afterEach(() => {
  vi.unstubAllGlobals();
  store.read.mockReset();
  store.save.mockClear();
});

const userId = '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10';
// cast: a customer's session; the fields it has beyond these do not matter here.
const session = {
  user: { id: userId, email: 'customer@example.com' },
  isAdmin: false,
  impersonatedBy: null,
  hasTwoFactor: false,
} as Session;
const profile = {
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
};
const summary = {
  cashBalance: '1250.00000000',
  bookBalance: '0.00',
  totalNetWorth: '1250.00000000',
  allocation: [],
};
const savedAt = new Date(2026, 11, 2, 8, 30).getTime();
// cast: the answers as the server sends them; the test data holds the fields the page reads.
const snapshot = {
  version: 1,
  userId,
  savedAt,
  session,
  profile,
  valuables: [],
  summary,
  kyc: { status: 'not_started', rejectionReason: null },
} as unknown as VaultSnapshot;

function renderDashboard(currentSession: Session) {
  const view = renderWithProviders(<DashboardView swapAction={() => null} />);
  view.queryClient.setQueryData(sessionQueryKey, currentSession);
  return view;
}

describe('the dashboard without a network', () => {
  it('shows the copy kept on this device, dated, read-only, never as live figures', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    store.read.mockResolvedValue(snapshot);
    renderDashboard(session);
    expect(
      await screen.findByText(/^Offline — as of Dec 2, 2026, 8:30\sAM, may be out of date$/),
    ).toBeVisible();
    expect(store.read).toHaveBeenCalledWith(userId);
    const offline = screen.getByTestId('offline-vault');
    expect(within(offline).getByTestId('cash-balance')).toHaveTextContent('$1,250.00');
    const actions = within(offline).getByRole('navigation', { name: 'Quick actions' });
    const tiles = within(actions).getAllByRole('link');
    expect(tiles).toHaveLength(9);
    for (const tile of tiles) expect(tile).toHaveAttribute('aria-disabled', 'true');
    expect(within(actions).queryAllByRole('link', { name: /unavailable offline/ })).toHaveLength(9);
    expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
    expect(store.save).not.toHaveBeenCalled();
  });

  it('says when nothing has been kept, and shows no figures at all', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    stubApi({});
    store.read.mockResolvedValue(null);
    renderDashboard(session);
    expect(await screen.findByText(/no saved copy of your vault yet/)).toBeVisible();
    expect(screen.queryByTestId('cash-balance')).not.toBeInTheDocument();
  });
});

describe('the copy kept while online', () => {
  const answers = {
    'GET /api/v1/me/profile': { status: 200, body: profile },
    'GET /api/v1/me/valuables': { status: 200, body: [] },
    'GET /api/v1/me/summary': { status: 200, body: summary },
    'GET /api/v1/me/kyc': {
      status: 200,
      body: {
        status: 'draft',
        draft: { fullName: 'Private' },
        documents: [],
        rejectionReason: null,
      },
    },
  };

  it('is saved with the session, and of the verification only its status', async () => {
    stubApi(answers);
    renderDashboard(session);
    expect(await screen.findByRole('button', { name: 'Refresh' })).toBeVisible();
    await vi.waitFor(() => expect(store.save).toHaveBeenCalled());
    const saved = store.save.mock.calls.at(-1)?.[0];
    expect(saved).toMatchObject({ session, profile, summary, valuables: [] });
    expect(saved).toHaveProperty('kyc', { status: 'draft', rejectionReason: null });
  });

  it('is never saved for staff viewing a customer’s account', async () => {
    stubApi(answers);
    renderDashboard({ ...session, impersonatedBy: { id: userId, email: 'staff@example.com' } });
    expect(await screen.findByTestId('cash-balance')).toHaveTextContent('$1,250.00');
    expect(store.save).not.toHaveBeenCalled();
  });
});
