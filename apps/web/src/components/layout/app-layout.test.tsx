import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { Route, Routes } from 'react-router';
import { z } from 'zod';
import { defineContract } from '@secure-vault/shared/contract';
import { apiQueryOptions } from '@/lib/api-query';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import AppLayout from './app-layout';

beforeAll(() => loadCatalogs(['app', 'auth']));
afterEach(() => vi.unstubAllGlobals());

const customer = {
  user: { id: '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10', email: 'customer@example.com' },
  isAdmin: false,
  impersonatedBy: null,
  hasTwoFactor: false,
  hasPasskey: false,
};
const unauthenticated = {
  status: 401,
  body: { error: { code: 'UNAUTHENTICATED', message: 'Not signed in' } },
};

// A signed-in read of the page below; its path need not exist on the server.
const getHoldings = defineContract({
  method: 'GET',
  path: '/api/v1/holdings',
  access: 'user',
  tag: 'test',
  summary: 'Holdings',
  status: 200,
  response: z.unknown(),
  errors: [],
});

function Holdings() {
  const holdings = useQuery({ ...apiQueryOptions(getHoldings), retry: false });
  return <h1>{holdings.isError ? 'Holdings failed' : 'Holdings page'}</h1>;
}

function renderApp(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/auth" element={<h1>Sign in page</h1>} />
      <Route path="/" element={<h1>Home page</h1>} />
      <Route element={<AppLayout />}>
        <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
        <Route path="/holdings" element={<Holdings />} />
      </Route>
    </Routes>,
    { route },
  );
}

describe('AppLayout', () => {
  it('shows the account email, the notifications bell, Settings and Sign Out, and no Admin Panel for customers', async () => {
    stubApi({
      'GET /api/v1/auth/current-session': { status: 200, body: { session: customer } },
      'GET /api/v1/me/notifications/unread': { status: 200, body: { unread: 2 } },
    });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(screen.getByTestId('account-email')).toHaveTextContent('customer@example.com');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    const nav = screen.getByRole('navigation', { name: 'Account' });
    expect(
      await within(nav).findByRole('link', { name: 'Notifications, 2 unread' }),
    ).toHaveAttribute('href', '/notifications');
    expect(screen.queryByRole('link', { name: 'Admin Panel' })).not.toBeInTheDocument();
  });

  it('asks for confirmation before signing out, then goes home', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'GET /api/v1/auth/current-session': { status: 200, body: { session: customer } },
      'POST /api/v1/auth/sign-out': { status: 204 },
    });
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out?' });
    const signOutCalls = () =>
      fetchMock.mock.calls.filter(([url]) => url === '/api/v1/auth/sign-out');
    expect(signOutCalls()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(signOutCalls()).toHaveLength(1);
  });

  it('goes to /auth when a request finds the session has ended', async () => {
    let isSignedIn = true;
    stubApi({
      'GET /api/v1/auth/current-session': () => ({
        status: 200,
        body: { session: isSignedIn ? customer : null },
      }),
      'GET /api/v1/holdings': () => {
        isSignedIn = false;
        return unauthenticated;
      },
    });
    renderApp('/holdings');
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
  });
});
