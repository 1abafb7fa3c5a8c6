import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@/lib/toast';
import i18next from 'i18next';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { users } from '@/test/staff-users';
import { PasswordResetTab } from './password-reset-tab';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

const resetPath = (userId: string) => `/api/v1/admin/users/${userId}/reset-password`;

beforeAll(() => loadCatalogs(['admin', 'auth', 'common']));
beforeEach(() => vi.clearAllMocks());
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

describe('PasswordResetTab', () => {
  it("resets the chosen user's password, says so, and clears the form", async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'GET /api/v1/admin/users': { status: 200, body: users },
      [`POST ${resetPath(users[1]!.userId)}`]: { status: 204 },
    });
    renderWithProviders(<PasswordResetTab />);
    await user.selectOptions(await screen.findByLabelText('User'), 'omar@example.com');
    await user.type(screen.getByLabelText('New Password'), 'fresh-start');
    await user.type(screen.getByLabelText('Confirm New Password'), 'fresh-start');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        resetPath(users[1]!.userId),
        expect.objectContaining({
          method: 'POST',
          body: JSON.stringify({ newPassword: 'fresh-start' }),
        }),
      ),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Password reset'));
    expect(screen.getByLabelText('User')).toHaveValue('');
    expect(screen.getByLabelText('New Password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm New Password')).toHaveValue('');
  });

  it('asks for a user, 6 characters and a matching confirmation before sending', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ 'GET /api/v1/admin/users': { status: 200, body: users } });
    renderWithProviders(<PasswordResetTab />);
    const submit = await screen.findByRole('button', { name: 'Reset Password' });
    await user.type(screen.getByLabelText('New Password'), '12345');
    await user.type(screen.getByLabelText('Confirm New Password'), '54321');
    await user.click(submit);
    // Every problem at once, each said on its own field.
    await waitFor(() =>
      expect(screen.getByLabelText('User')).toHaveAccessibleDescription('Select a user'),
    );
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(
      'Password must be at least 6 characters long',
    );
    expect(screen.getByLabelText('Confirm New Password')).toHaveAccessibleDescription(
      'Passwords do not match',
    );
    expect(toast.error).toHaveBeenCalledWith('Select a user');

    await user.selectOptions(screen.getByLabelText('User'), 'amira@example.com');
    await user.click(submit);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Password too short', {
        description: 'Minimum 6 characters',
      }),
    );

    await user.type(screen.getByLabelText('New Password'), '6');
    await user.click(submit);
    await waitFor(() => expect(toast.error).toHaveBeenLastCalledWith('Passwords do not match'));
    expect(screen.getByLabelText('Confirm New Password')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says the reset failed, with the reason when there is one', async () => {
    const user = userEvent.setup();
    let answer = 0;
    stubApi({
      'GET /api/v1/admin/users': { status: 200, body: users },
      [`POST ${resetPath(users[0]!.userId)}`]: () => {
        answer += 1;
        return answer === 1
          ? { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No such user.' } } }
          : { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } };
      },
    });
    renderWithProviders(<PasswordResetTab />);
    await user.selectOptions(await screen.findByLabelText('User'), 'amira@example.com');
    await user.type(screen.getByLabelText('New Password'), 'fresh-start');
    await user.type(screen.getByLabelText('Confirm New Password'), 'fresh-start');
    const submit = screen.getByRole('button', { name: 'Reset Password' });
    await user.click(submit);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Reset failed', {
        description: 'This user no longer exists. Reload the page and choose again.',
      }),
    );
    await user.click(submit);
    await waitFor(() =>
      expect(toast.error).toHaveBeenLastCalledWith('Reset failed', {
        description: 'Please try again.',
      }),
    );
    // Kept, so staff can try again without typing it all anew.
    expect(screen.getByLabelText('New Password')).toHaveValue('fresh-start');
  });

  it('tells staff that the customer is signed out everywhere and emailed', async () => {
    stubApi({ 'GET /api/v1/admin/users': { status: 200, body: users } });
    renderWithProviders(<PasswordResetTab />);
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('signed out of every device');
    expect(note).toHaveTextContent('The customer is emailed');
    for (const field of ['New Password', 'Confirm New Password']) {
      expect(screen.getByLabelText(field)).toHaveAttribute('autocomplete', 'new-password');
    }
  });

  it('reads in Arabic', async () => {
    await i18next.changeLanguage('ar');
    await i18next.loadNamespaces(['common', 'admin', 'auth']);
    stubApi({ 'GET /api/v1/admin/users': { status: 200, body: users } });
    renderWithProviders(<PasswordResetTab />);
    expect(await screen.findByRole('button', { name: 'إعادة تعيين كلمة المرور' })).toBeVisible();
    expect(screen.getByLabelText('تأكيد كلمة المرور الجديدة')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('note')).toHaveTextContent('يُسجَّل خروج العميل من جميع أجهزته');
  });
});
