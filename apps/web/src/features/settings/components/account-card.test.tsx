// Settings' account card: the email and the customer's 10-digit account number to copy, never the
// account's internal ID; in English and Arabic.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { Session } from '@secure-vault/shared/auth';
import { toast } from '@/lib/toast';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { AccountCard } from './account-card';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['settings', 'common']));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18next.changeLanguage('en');
});

const userId = '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10';
const session: Session = {
  user: { id: userId, email: 'amira@example.com' },
  isAdmin: false,
  impersonatedBy: null,
  hasTwoFactor: false,
  hasPasskey: false,
};

function stubProfile(accountNumber: string | null) {
  return stubApi({
    'GET /api/v1/me/profile': {
      status: 200,
      body: {
        userId,
        email: 'amira@example.com',
        fullName: 'Amira Haddad',
        bookBalance: '0.00',
        kycCompleted: true,
        dateOfBirth: null,
        country: null,
        city: null,
        streetAddress: null,
        postalCode: null,
        phoneNumber: null,
        accountNumber,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
    },
  });
}

describe('AccountCard', () => {
  it('shows the account number to copy, and not the internal ID', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    stubProfile('1234567897');
    const { container } = renderWithProviders(<AccountCard session={session} />);
    expect(await screen.findByLabelText('Account number')).toHaveValue('1234567897');
    expect(screen.getByLabelText('Email')).toHaveValue('amira@example.com');
    expect(container.innerHTML).not.toContain(userId);
    await user.click(screen.getByRole('button', { name: 'Copy the account number' }));
    expect(writeText).toHaveBeenCalledWith('1234567897');
    expect(toast.success).toHaveBeenCalledWith('Account number copied');
  });

  it('says when no number is assigned yet', async () => {
    stubProfile(null);
    renderWithProviders(<AccountCard session={session} />);
    expect(await screen.findByTestId('account-number-none')).toHaveTextContent(
      'Your account number is not assigned yet.',
    );
  });

  it('speaks Arabic', async () => {
    await i18next.changeLanguage('ar');
    stubProfile('1234567897');
    renderWithProviders(<AccountCard session={session} />);
    expect(await screen.findByLabelText('رقم الحساب')).toHaveValue('1234567897');
    expect(screen.getByRole('button', { name: 'نسخ رقم الحساب' })).toBeVisible();
  });
});
