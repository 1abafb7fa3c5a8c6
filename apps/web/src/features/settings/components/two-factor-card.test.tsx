import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { TwoFactorCard } from './two-factor-card';

beforeAll(() => loadCatalogs(['settings', 'auth']));
afterEach(() => vi.unstubAllGlobals());

const bodyOf = (init: RequestInit | undefined): unknown => JSON.parse(init?.body as string);

describe('TwoFactorCard', () => {
  it('sets up with a first code from the app, then shows the recovery codes once', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'POST /api/v1/auth/totp/setup': {
        status: 200,
        body: {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP',
        },
      },
      'POST /api/v1/auth/totp/enable': {
        status: 200,
        body: { recoveryCodes: ['abcde-12345', 'fghij-67890'] },
      },
    });
    renderWithProviders(<TwoFactorCard isOn={false} />);
    await user.click(
      await screen.findByRole('button', { name: 'Set Up Two-Factor Authentication' }),
    );

    const code = await screen.findByLabelText('2. Enter the 6-digit code the app shows');
    const turnOn = screen.getByRole('button', { name: 'Turn On' });
    await user.type(code, '12345');
    expect(turnOn).toBeDisabled();
    await user.type(code, '6');
    await user.click(turnOn);

    expect(await screen.findByTestId('recovery-codes')).toHaveTextContent('abcde-12345');
    expect(bodyOf(fetchMock.mock.calls[1]?.[1])).toEqual({ code: '123456' });
  });

  it('checks the code before turning two-factor off, and says when the server refuses it', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'POST /api/v1/auth/totp/disable': {
        status: 400,
        body: { error: { code: 'TOTP_INVALID', message: 'That code is not valid.' } },
      },
    });
    renderWithProviders(<TwoFactorCard isOn />);
    const code = await screen.findByLabelText('Authentication code');
    const turnOff = screen.getByRole('button', { name: 'Turn Off Two-Factor Authentication' });

    await user.type(code, '12');
    await user.click(turnOff);
    expect(
      await screen.findByText('Enter the 6-digit code from your app or a recovery code'),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(code);
    await user.type(code, ' 654321 ');
    await user.click(turnOff);
    expect(
      await screen.findByText('That code is not valid. Please try again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(bodyOf(fetchMock.mock.calls[0]?.[1])).toEqual({ code: '654321' });
  });
});
