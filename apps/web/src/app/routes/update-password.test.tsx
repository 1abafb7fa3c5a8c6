import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import UpdatePasswordRoute from './update-password';

beforeAll(() => loadCatalogs(['auth']));
afterEach(() => vi.unstubAllGlobals());

const token = 'reset-token-0123456789abcdef';
const session = {
  user: { id: '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10', email: 'two@example.com' },
  isAdmin: false,
  impersonatedBy: null,
  hasTwoFactor: true,
  hasPasskey: false,
};

function renderPage() {
  renderWithProviders(
    <Routes>
      <Route path="/update-password" element={<UpdatePasswordRoute />} />
      <Route path="/dashboard" element={<p>Dashboard page</p>} />
    </Routes>,
    { route: '/update-password' },
  );
}

describe('UpdatePasswordRoute', () => {
  it('says a used or expired link cannot be used as soon as the page opens', async () => {
    window.history.replaceState(null, '', `/update-password#token=${token}`);
    const fetchMock = stubApi({
      'POST /api/v1/auth/password-reset/check': {
        status: 400,
        body: { error: { code: 'TOKEN_INVALID', message: 'This link is invalid' } },
      },
    });
    renderPage();
    expect(await screen.findByText("This link can't be used")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a New Link' })).toBeInTheDocument();
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string)).toEqual({ token });
  });

  it('asks for the two-factor code from the start when the link check says so', async () => {
    window.history.replaceState(null, '', `/update-password#token=${token}`);
    stubApi({
      'POST /api/v1/auth/password-reset/check': {
        status: 200,
        body: { requiresTotp: true, requiresPasskey: false },
      },
    });
    renderPage();
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toBeInTheDocument();
  });

  it('asks for the two-factor code when the account has it on, then sets the password', async () => {
    window.history.replaceState(null, '', `/update-password#token=${token}`);
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    stubApi({
      'POST /api/v1/auth/password-reset/check': {
        status: 200,
        body: { requiresTotp: false, requiresPasskey: false },
      },
      'POST /api/v1/auth/password-reset/complete': (_url, init) => {
        const body = JSON.parse(init.body as string) as { totp?: string };
        bodies.push(body);
        return body.totp
          ? { status: 200, body: session }
          : { status: 401, body: { error: { code: 'TOTP_REQUIRED', message: 'Enter the code' } } };
      },
    });
    renderPage();
    await user.type(await screen.findByLabelText('New Password'), 'new-secret-password');
    await user.type(screen.getByLabelText('Confirm Password'), 'new-secret-password');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));

    expect(
      await screen.findByText(
        'Two-factor authentication is on for this account. Enter a code to finish.',
      ),
    ).toBeInTheDocument();
    const code = screen.getByLabelText('Authentication code');
    await waitFor(() => expect(code).toHaveFocus());
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));

    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(bodies).toEqual([
      { token, password: 'new-secret-password' },
      { token, password: 'new-secret-password', totp: '123456' },
    ]);
  });
});
