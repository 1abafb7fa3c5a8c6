import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { SignUpForm } from './sign-up-form';

beforeAll(() => loadCatalogs(['auth']));
afterEach(() => vi.unstubAllGlobals());

describe('SignUpForm', () => {
  it('requires matching passwords of at least 6 characters', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({});
    renderWithProviders(<SignUpForm />);
    await user.type(await screen.findByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.type(screen.getByLabelText('Confirm Password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(
      await screen.findByText('Password must be at least 6 characters long'),
    ).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends email and password only, then opens the verification dialog', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'POST /api/v1/auth/sign-up': { status: 202, body: { accepted: true } },
    });
    renderWithProviders(<SignUpForm />);
    await user.type(await screen.findByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('dialog', { name: 'Verify your email' })).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({
      email: 'new@example.com',
      password: 'secret-password',
    });
  });
});
