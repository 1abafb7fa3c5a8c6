import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { toast } from '@/lib/toast';
import { RegisterBankAccount } from './register-bank-account';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['banking', 'auth']));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const details = {
  bankName: 'Deutsche Bank',
  accountName: 'Jane Doe',
  accountNumber: '0532013000',
  iban: 'DE89 3704 0044 0532 0130 00',
  swiftCode: 'deutdeff',
  branch: 'Berlin',
};

const labels = {
  bankName: 'Bank name',
  accountName: 'Account name',
  accountNumber: 'Account number',
  iban: 'IBAN',
  swiftCode: 'SWIFT code',
  branch: 'Branch',
} as const;

async function openForm(user: UserEvent) {
  renderWithProviders(<RegisterBankAccount />);
  await user.click(await screen.findByRole('button', { name: 'Register bank account' }));
  return screen.findByRole('dialog', { name: 'Register bank account' });
}

async function fill(user: UserEvent, values: Partial<typeof details>) {
  for (const [name, value] of Object.entries(values)) {
    const input = screen.getByLabelText(labels[name as keyof typeof labels]);
    await user.clear(input);
    await user.type(input, value);
  }
}

describe('RegisterBankAccount', () => {
  it('requires all six fields', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({});
    const dialog = await openForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findAllByText('All fields are required')).toHaveLength(6);
    // The fields say it; no toast repeats it.
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Account name')).toHaveAccessibleDescription(
      expect.stringContaining('Must match your verified full name'),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an IBAN with a bad checksum and an invalid SWIFT code', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({});
    const dialog = await openForm(user);
    await fill(user, { ...details, iban: 'DE88370400440532013000', swiftCode: 'DEUT1' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Please enter a valid IBAN')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid SWIFT code')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a code, then registers the account with it', async () => {
    const user = userEvent.setup();
    let registered: unknown;
    let checked: unknown;
    const fetchMock = stubApi({
      'POST /api/v1/me/bank-accounts/code': (_url, init) => {
        checked = JSON.parse(init.body as string);
        return { status: 202, body: { accepted: true } };
      },
      'POST /api/v1/me/bank-accounts': (_url, init) => {
        registered = JSON.parse(init.body as string);
        return {
          status: 201,
          body: {
            ...details,
            iban: 'DE89370400440532013000',
            swiftCode: 'DEUTDEFF',
            id: '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10',
            isVerified: true,
            createdAt: '2026-11-01T10:00:00.000Z',
          },
        };
      },
    });
    const dialog = await openForm(user);
    await fill(user, details);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    const codeDialog = await screen.findByRole('dialog', { name: 'Enter verification code' });
    expect(within(codeDialog).getByRole('button', { name: /Resend in/ })).toBeDisabled();
    expect(within(codeDialog).getByTestId('code-dialog-description')).toHaveTextContent(
      'We emailed you a 6-digit code.',
    );
    // The details went with the code's request, to be checked before it was sent.
    expect(checked).toEqual({
      bankName: 'Deutsche Bank',
      accountName: 'Jane Doe',
      accountNumber: '0532013000',
      iban: 'DE89370400440532013000',
      swiftCode: 'DEUTDEFF',
      branch: 'Berlin',
    });
    await user.type(within(codeDialog).getByLabelText('Verification code'), '123456');
    await user.click(within(codeDialog).getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Bank account registered'));
    expect(registered).toEqual({
      bankName: 'Deutsche Bank',
      accountName: 'Jane Doe',
      accountNumber: '0532013000',
      iban: 'DE89370400440532013000',
      swiftCode: 'DEUTDEFF',
      branch: 'Berlin',
      code: '123456',
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('puts a name mismatch from the server back on Account name', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/v1/me/bank-accounts/code': { status: 202, body: { accepted: true } },
      'POST /api/v1/me/bank-accounts': {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'Invalid request',
            issues: [{ path: 'body.accountName', message: 'banking:errors.nameMismatch' }],
          },
        },
      },
    });
    const dialog = await openForm(user);
    await fill(user, details);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const codeDialog = await screen.findByRole('dialog', { name: 'Enter verification code' });
    await user.type(within(codeDialog).getByLabelText('Verification code'), '123456');
    await user.click(within(codeDialog).getByRole('button', { name: 'Verify' }));

    const form = await screen.findByRole('dialog', { name: 'Register bank account' });
    expect(
      await within(form).findByText('Account name must match your registered name'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Account name')).toHaveValue('Jane Doe');
    expect(within(form).getByLabelText('Account name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog', { name: 'Enter verification code' })).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('checks the name before any code is sent, and keeps the form open on it', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/v1/me/bank-accounts/code': {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'Invalid request',
            issues: [{ path: 'body.accountName', message: 'banking:errors.nameMismatch' }],
          },
        },
      },
    });
    const dialog = await openForm(user);
    await fill(user, details);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(
      await within(dialog).findByText('Account name must match your registered name'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Account name')).toHaveFocus();
    expect(screen.queryByRole('dialog', { name: 'Enter verification code' })).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('says an IBAN already registered under the IBAN, before any code is sent', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/v1/me/bank-accounts/code': {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'Taken' } },
      },
    });
    const dialog = await openForm(user);
    await fill(user, details);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(
      await within(dialog).findByText('This IBAN is already registered to your account.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Enter verification code' })).toBeNull();
  });

  it('asked again within a minute, says no new code was sent and how long to wait', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/v1/me/bank-accounts/code': {
        status: 429,
        body: {
          error: {
            code: 'CODE_TOO_SOON',
            message: 'Wait',
            details: { retryAfterSeconds: '42' },
          },
        },
      },
    });
    const dialog = await openForm(user);
    await fill(user, details);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const codeDialog = await screen.findByRole('dialog', { name: 'Enter verification code' });
    const description = within(codeDialog).getByTestId('code-dialog-description');
    expect(description).toHaveTextContent('No new code was sent');
    expect(description).not.toHaveTextContent('We emailed you a 6-digit code');
    expect(within(codeDialog).getByRole('button', { name: /Resend in 4[12] s/ })).toBeDisabled();
    expect(toast.message).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('reports a wrong code and lets the customer try again', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/v1/me/bank-accounts/code': { status: 202, body: { accepted: true } },
      'POST /api/v1/me/bank-accounts': {
        status: 400,
        body: { error: { code: 'CODE_INVALID', message: 'Invalid code' } },
      },
    });
    const dialog = await openForm(user);
    await fill(user, details);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const codeDialog = await screen.findByRole('dialog', { name: 'Enter verification code' });
    const input = within(codeDialog).getByLabelText('Verification code');
    await user.type(input, '654321');
    await user.click(within(codeDialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Verification failed', expect.anything()),
    );
    expect(input).toHaveValue('');
  });

  it('reports a code that could not be sent', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/v1/me/bank-accounts/code': {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'Boom' } },
      },
    });
    const dialog = await openForm(user);
    await fill(user, details);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Registration Failed', {
        description: 'Failed to send OTP',
      }),
    );
    expect(screen.getByRole('dialog', { name: 'Register bank account' })).toBeInTheDocument();
  });
});
