import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { SignInForm } from './sign-in-form';

beforeAll(() => loadCatalogs(['auth']));
afterEach(() => vi.unstubAllGlobals());

const session = {
  user: { id: '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10', email: 'two@example.com' },
  isAdmin: false,
  impersonatedBy: null,
  hasTwoFactor: true,
  hasPasskey: false,
};

describe('SignInForm', () => {
  it('asks for the authenticator code when the server requires it, then sends it', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    stubApi({
      'POST /api/v1/auth/sign-in': (_url, init) => {
        const body = JSON.parse(init.body as string) as { totp?: string };
        bodies.push(body);
        return body.totp
          ? { status: 200, body: session }
          : { status: 401, body: { error: { code: 'TOTP_REQUIRED', message: 'Enter the code' } } };
      },
    });
    const { queryClient } = renderWithProviders(<SignInForm />);
    await user.type(await screen.findByLabelText('Email'), 'Two@Example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const code = await screen.findByLabelText('Authentication code');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(queryClient.getQueryData(['session'])).toEqual(session));
    expect(bodies).toEqual([
      { email: 'two@example.com', password: 'secret-password' },
      { email: 'two@example.com', password: 'secret-password', totp: '123456' },
    ]);
  });

  it('asks for the passkey when it is the account’s second factor, with the fields kept', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/v1/auth/sign-in': () => ({
        status: 401,
        body: { error: { code: 'PASSKEY_REQUIRED', message: 'Confirm with your passkey' } },
      }),
    });
    renderWithProviders(<SignInForm />);
    await user.type(await screen.findByLabelText('Email'), 'key@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(
      await screen.findByText('This account signs in with a passkey as its second step.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use Your Passkey' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
    expect(screen.getByLabelText('Password')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'username webauthn');
    await user.click(screen.getByRole('button', { name: 'Use another account' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('checks the fields before asking the server', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({});
    renderWithProviders(<SignInForm />);
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the cursor to the first field to fix, Email, when the form is sent empty', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({});
    renderWithProviders(<SignInForm />);
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
