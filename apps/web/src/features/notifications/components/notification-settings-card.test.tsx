import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import {
  type NotificationPreferences,
  notificationPreferencesSchema,
} from '@secure-vault/shared/notifications';
import { toast } from '@/lib/toast';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { NotificationSettingsCard } from './notification-settings-card';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['notifications', 'auth']));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18next.changeLanguage('en');
});

const path = '/api/v1/me/notification-preferences';
const refused = {
  status: 403,
  body: { error: { code: 'IMPERSONATION_FORBIDDEN', message: 'Not while impersonating' } },
};

/** The preferences' server; `refuse` answers every change as staff viewing the account. */
function stubPreferences({ refuse = false } = {}) {
  let saved: NotificationPreferences = { mail: { money: true, custody: true, kyc: true } };
  const bodies: unknown[] = [];
  stubApi({
    [`GET ${path}`]: () => ({ status: 200, body: saved }),
    [`PUT ${path}`]: (_url, init) => {
      const body: unknown = JSON.parse(typeof init.body === 'string' ? init.body : 'null');
      bodies.push(body);
      if (refuse) return refused;
      saved = notificationPreferencesSchema.parse(body);
      return { status: 200, body: saved };
    },
  });
  return bodies;
}

describe('NotificationSettingsCard', () => {
  it('shows a switch per category, and security alerts locked on', async () => {
    stubPreferences();
    renderWithProviders(<NotificationSettingsCard />);
    const money = await screen.findByRole('switch', { name: 'Money movements' });
    expect(money).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Custody and delivery' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Identity verification' })).toBeChecked();
    const security = screen.getByRole('switch', { name: 'Security alerts — always emailed' });
    expect(security).toBeChecked();
    expect(security).toBeDisabled();
    expect(security).toHaveAccessibleDescription(/cannot be turned off/);
  });

  it('saves a category turned off, with the others as they were, and says so', async () => {
    const user = userEvent.setup();
    const bodies = stubPreferences();
    renderWithProviders(<NotificationSettingsCard />);
    await user.click(await screen.findByRole('switch', { name: 'Custody and delivery' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Email notifications saved'));
    expect(bodies).toEqual([{ mail: { money: true, custody: false, kyc: true } }]);
    expect(screen.getByRole('switch', { name: 'Custody and delivery' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Money movements' })).toBeChecked();
  });

  it('shows the refusal when staff viewing the account try, and keeps the choice as it was', async () => {
    const user = userEvent.setup();
    stubPreferences({ refuse: true });
    renderWithProviders(<NotificationSettingsCard />);
    await user.click(await screen.findByRole('switch', { name: 'Money movements' }));
    const refusal = await screen.findByTestId('notification-settings-refused');
    expect(refusal).toHaveRole('alert');
    expect(
      within(refusal).getByText("This can't be done while viewing an account as staff."),
    ).toBeVisible();
    expect(toast.error).toHaveBeenCalledWith('Could not save your email notifications', {
      description: "This can't be done while viewing an account as staff.",
    });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Money movements' })).toBeEnabled(),
    );
    expect(screen.getByRole('switch', { name: 'Money movements' })).toBeChecked();
  });

  it('says when the choices did not load, and tries again', async () => {
    const user = userEvent.setup();
    stubApi({
      [`GET ${path}`]: { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Down' } } },
    });
    renderWithProviders(<NotificationSettingsCard />);
    expect(await screen.findByText('Could not load your notification settings.')).toBeVisible();
    stubPreferences();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('switch', { name: 'Money movements' })).toBeChecked();
  });

  it('speaks Arabic', async () => {
    await i18next.changeLanguage('ar');
    await loadCatalogs(['notifications', 'auth']);
    stubPreferences();
    renderWithProviders(<NotificationSettingsCard />);
    expect(await screen.findByRole('switch', { name: 'حركة الأموال' })).toBeChecked();
    expect(
      screen.getByRole('switch', { name: 'تنبيهات الأمان — تُرسل دائمًا بالبريد' }),
    ).toBeDisabled();
  });
});
