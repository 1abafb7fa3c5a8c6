import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import type { Session } from '@secure-vault/shared/auth';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { AdminOnly, decideAccess, SignedInOnly, SignedOutOnly } from './route-guards';

beforeAll(() => loadCatalogs(['app']));
afterEach(() => vi.unstubAllGlobals());

const customer: Session = {
  user: { id: '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10', email: 'customer@example.com' },
  isAdmin: false,
  impersonatedBy: null,
  hasTwoFactor: false,
  hasPasskey: false,
};
const staff: Session = {
  ...customer,
  user: { ...customer.user, email: 'staff@example.com' },
  isAdmin: true,
};
const noState = { state: null };

describe('decideAccess', () => {
  const settled = (session: Session | null) => ({ isPending: false, isError: false, session });

  it.each([
    ['signed-in', null, { kind: 'redirect', to: '/auth' }],
    ['signed-in', customer, { kind: 'allow' }],
    ['signed-out', null, { kind: 'allow' }],
    ['signed-out', customer, { kind: 'redirect', to: '/dashboard' }],
    ['admin', null, { kind: 'redirect', to: '/auth' }],
    ['admin', customer, { kind: 'redirect', to: '/dashboard' }],
    ['admin', staff, { kind: 'allow' }],
  ] as const)('%s with %o', (rule, session, expected) => {
    expect(decideAccess(rule, settled(session), noState)).toEqual(expected);
  });

  it('waits while the session is being checked', () => {
    for (const rule of ['signed-in', 'signed-out', 'admin'] as const) {
      expect(
        decideAccess(rule, { isPending: true, isError: false, session: undefined }, noState),
      ).toEqual({ kind: 'loading' });
    }
  });

  it('sends someone who signs in back to the page that asked for it, never off-site', () => {
    expect(decideAccess('signed-out', settled(customer), { state: { from: '/settings' } })).toEqual(
      { kind: 'redirect', to: '/settings' },
    );
    expect(
      decideAccess('signed-out', settled(customer), { state: { from: '//evil.example' } }),
    ).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
  });

  it('reports a failed check on signed-in pages rather than pretending nobody is signed in', () => {
    expect(
      decideAccess('signed-in', { isPending: false, isError: true, session: undefined }, noState),
    ).toEqual({ kind: 'error' });
    expect(
      decideAccess('signed-out', { isPending: false, isError: true, session: undefined }, noState),
    ).toEqual({ kind: 'allow' });
  });
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderRoutes(route: string) {
  return renderWithProviders(
    <Routes>
      <Route element={<SignedOutOnly />}>
        <Route path="/auth" element={<h1>Sign in page</h1>} />
      </Route>
      <Route element={<SignedInOnly />}>
        <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
        <Route path="/settings" element={<h1>Settings page</h1>} />
        <Route element={<AdminOnly />}>
          <Route path="/admin" element={<h1>Admin page</h1>} />
        </Route>
      </Route>
      <Route path="*" element={<Where />} />
    </Routes>,
    { route },
  );
}

const signedOut = { status: 200, body: { session: null } };

describe('route guards', () => {
  it('sends a signed-out visitor from a signed-in page to /auth', async () => {
    stubApi({ 'GET /api/v1/auth/current-session': signedOut });
    renderRoutes('/settings');
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
  });

  it('sends a signed-in customer from /auth to /dashboard', async () => {
    stubApi({ 'GET /api/v1/auth/current-session': { status: 200, body: { session: customer } } });
    renderRoutes('/auth');
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
  });

  it('shows the sign-in page to a signed-out visitor', async () => {
    stubApi({ 'GET /api/v1/auth/current-session': signedOut });
    renderRoutes('/auth');
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
  });

  it('keeps customers out of /admin and lets staff in', async () => {
    stubApi({ 'GET /api/v1/auth/current-session': { status: 200, body: { session: customer } } });
    const first = renderRoutes('/admin');
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    first.unmount();

    stubApi({ 'GET /api/v1/auth/current-session': { status: 200, body: { session: staff } } });
    renderRoutes('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin page' })).toBeInTheDocument();
  });

  it('shows a loading state while the session is checked', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderRoutes('/dashboard');
    expect(await screen.findByText('Checking your session…')).toBeInTheDocument();
    answer(new Response(JSON.stringify({ session: customer }), { status: 200 }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
  });
});
