import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@/lib/toast';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['settings', 'auth']));
beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

const current = {
  id: '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10',
  createdAt: '2031-05-01T10:00:00.000Z',
  lastSeenAt: '2031-05-02T10:00:00.000Z',
  userAgent: null,
  isCurrent: true,
  isImpersonation: false,
};
const other = { ...current, id: '1b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10', isCurrent: false };

const reauthRequired = {
  status: 403,
  body: { error: { code: 'REAUTH_REQUIRED', message: 'Confirm your password.' } },
};
const passwordIncorrect = {
  status: 400,
  body: { error: { code: 'PASSWORD_INCORRECT', message: 'Your password is incorrect.' } },
};
const rateLimited = {
  status: 429,
  body: { error: { code: 'RATE_LIMITED', message: 'Too many requests.' } },
};

const confirmPath = 'POST /api/v1/auth/confirm-password';
const revokeOthersPath = 'POST /api/v1/auth/sessions/revoke-others';

/** The calls made to one "METHOD /path", and the JSON body of each. */
function callsTo(fetchMock: ReturnType<typeof stubApi>, key: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => `${init?.method ?? 'GET'} ${url}` === key)
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
}

/** Ending the other sessions answers REAUTH_REQUIRED until the password is confirmed. */
function stubSessions(confirmReplies: { status: number; body?: unknown }[]) {
  let sessions = [current, other];
  let isConfirmed = false;
  return stubApi({
    'GET /api/v1/auth/sessions': () => ({ status: 200, body: sessions }),
    [revokeOthersPath]: () => {
      if (!isConfirmed) return reauthRequired;
      sessions = [current];
      return { status: 204 };
    },
    [confirmPath]: () => {
      const reply = confirmReplies.shift() ?? { status: 204 };
      if (reply.status === 204) isConfirmed = true;
      return reply;
    },
  });
}

async function openFromEndOthers() {
  const user = userEvent.setup();
  renderWithProviders(<SessionsCard canManage />);
  expect(await screen.findAllByTestId('session-item')).toHaveLength(2);
  await user.click(screen.getByRole('button', { name: 'Sign Out Other Sessions' }));
  const dialog = await screen.findByRole('dialog', { name: 'Confirm your password' });
  return { user, dialog };
}

describe('Confirm your password', () => {
  it('asks for the password when ending other sessions needs it, then ends them', async () => {
    const fetchMock = stubSessions([passwordIncorrect]);
    const { user, dialog } = await openFromEndOthers();
    expect(dialog).toHaveTextContent(
      'For your security, enter your password again to change this setting.',
    );
    const field = screen.getByLabelText('Password');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('autocomplete', 'current-password');

    await user.type(field, 'wrong password{Enter}');
    expect(await screen.findByText('Your current password is incorrect.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(callsTo(fetchMock, revokeOthersPath)).toHaveLength(1);

    await user.clear(field);
    await user.type(field, 'right password');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(screen.getAllByTestId('session-item')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, confirmPath)).toEqual([
      { password: 'wrong password' },
      { password: 'right password' },
    ]);
    expect(callsTo(fetchMock, revokeOthersPath)).toHaveLength(2);
    expect(toast.success).toHaveBeenCalledWith('Other sessions signed out');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('says so in the dialog when there were too many tries', async () => {
    stubSessions([rateLimited]);
    const { user } = await openFromEndOthers();
    await user.type(screen.getByLabelText('Password'), 'a password{Enter}');
    expect(
      await screen.findByText('Too many attempts. Please wait a few minutes and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('asks for a password before sending an empty one', async () => {
    const fetchMock = stubSessions([]);
    const { user } = await openFromEndOthers();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Please enter your password')).toBeInTheDocument();
    expect(callsTo(fetchMock, confirmPath)).toHaveLength(0);
  });

  it.each([
    [
      'Cancel',
      (user: ReturnType<typeof userEvent.setup>) =>
        user.click(screen.getByRole('button', { name: 'Cancel' })),
    ],
    ['Escape', (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
  ])('leaves everything as it was on %s', async (_, close) => {
    const fetchMock = stubSessions([]);
    const { user } = await openFromEndOthers();
    await close(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getAllByTestId('session-item')).toHaveLength(2);
    expect(callsTo(fetchMock, confirmPath)).toHaveLength(0);
    expect(callsTo(fetchMock, revokeOthersPath)).toHaveLength(1);
    expect(toast.error).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('retries only once: a second REAUTH_REQUIRED is an error, not another dialog', async () => {
    const fetchMock = stubApi({
      'GET /api/v1/auth/sessions': { status: 200, body: [current, other] },
      [`DELETE /api/v1/auth/sessions/${other.id}`]: reauthRequired,
      [confirmPath]: { status: 204 },
    });
    const user = userEvent.setup();
    renderWithProviders(<SessionsCard canManage />);
    await user.click(await screen.findByRole('button', { name: /^End Session: / }));
    await user.type(await screen.findByLabelText('Password'), 'right password{Enter}');

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Could not end the session', {
        description: 'For your security, enter your password again to change this setting.',
      }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, `DELETE /api/v1/auth/sessions/${other.id}`)).toHaveLength(2);
  });

  it('starts two-factor set-up once the password is confirmed', async () => {
    let isConfirmed = false;
    const fetchMock = stubApi({
      'POST /api/v1/auth/totp/setup': () =>
        isConfirmed
          ? {
              status: 200,
              body: {
                secret: 'JBSWY3DPEHPK3PXP',
                otpauthUri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP',
              },
            }
          : reauthRequired,
      [confirmPath]: () => {
        isConfirmed = true;
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<TwoFactorCard isOn={false} />);
    await user.click(
      await screen.findByRole('button', { name: 'Set Up Two-Factor Authentication' }),
    );
    await screen.findByRole('dialog', { name: 'Confirm your password' });
    await user.type(screen.getByLabelText('Password'), 'right password{Enter}');

    expect(await screen.findByTestId('totp-secret')).toHaveAttribute(
      'data-secret',
      'JBSWY3DPEHPK3PXP',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/v1/auth/totp/setup')).toHaveLength(2);
    expect(toast.error).not.toHaveBeenCalled();
  });
});
