import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { VerificationDialog } from './verification-dialog';

beforeAll(() => loadCatalogs(['auth']));
afterEach(() => vi.unstubAllGlobals());

function renderDialog() {
  return renderWithProviders(
    <VerificationDialog
      email="new@example.com"
      resendAt={0}
      onResent={() => {}}
      open
      onOpenChange={() => {}}
    />,
  );
}

describe('VerificationDialog', () => {
  it('keeps digits only, at most six, and enables Verify only with six', async () => {
    const user = userEvent.setup();
    renderDialog();
    const input = await screen.findByLabelText('Verification code');
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();

    await user.type(input, '1a2-3 b4');
    expect(input).toHaveValue('1234');
    expect(verify).toBeDisabled();

    await user.type(input, '5678');
    expect(input).toHaveValue('123456');
    expect(verify).toBeEnabled();

    await user.type(input, '{Backspace}');
    expect(input).toHaveValue('12345');
    expect(verify).toBeDisabled();
  });

  it('keeps the digits of a pasted code', async () => {
    const user = userEvent.setup();
    renderDialog();
    const input = await screen.findByLabelText('Verification code');
    await user.click(input);
    await user.paste('Your code: 987 654 321');
    expect(input).toHaveValue('987654');
  });

  it('sends the email and the code to the verify endpoint', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'POST /api/v1/auth/sign-up/verify': {
        status: 201,
        body: {
          user: { id: '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10', email: 'new@example.com' },
          isAdmin: false,
          impersonatedBy: null,
          hasTwoFactor: false,
          hasPasskey: false,
        },
      },
    });
    const { queryClient } = renderDialog();
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ email: 'new@example.com', code: '123456' });
    await waitFor(() =>
      expect(queryClient.getQueryData(['session'])).toMatchObject({
        user: { email: 'new@example.com' },
      }),
    );
  });

  it('offers Resend only once the server will accept another code', async () => {
    renderWithProviders(
      <VerificationDialog
        email="new@example.com"
        resendAt={Date.now() + 30_000}
        onResent={() => {}}
        open
        onOpenChange={() => {}}
      />,
    );
    const resend = await screen.findByRole('button', { name: /Resend in \d+ s/ });
    expect(resend).toBeDisabled();
  });
});
