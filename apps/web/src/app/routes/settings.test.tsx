// Settings is one page per section with a section nav; /settings opens the first (profile).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Route, Routes } from 'react-router';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import SettingsRoute from './settings';

const namespaces = ['settings', 'auth', 'custody', 'statements', 'notifications'];
beforeAll(() => loadCatalogs(namespaces));
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

const userId = '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10';

function renderSettings(route: string, impersonatedBy: string | null = null) {
  stubApi({
    'GET /api/v1/auth/current-session': {
      status: 200,
      body: {
        session: {
          user: { id: userId, email: 'amira@example.com' },
          isAdmin: false,
          impersonatedBy,
          hasTwoFactor: false,
          hasPasskey: false,
        },
      },
    },
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
        accountNumber: '1234567897',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
    },
    'GET /api/v1/auth/sessions': { status: 200, body: [] },
    'GET /api/v1/me/notification-preferences': {
      status: 200,
      body: { mail: { money: true, custody: false, kyc: true } },
    },
    'GET /api/v1/me/price-alerts': { status: 200, body: { items: [] } },
    'GET /api/v1/me/recurring-buys': { status: 200, body: { items: [] } },
  });
  renderWithProviders(
    <Routes>
      <Route path="/settings" element={<SettingsRoute />} />
      <Route path="/settings/:section" element={<SettingsRoute />} />
    </Routes>,
    { route },
  );
}

describe('Settings', () => {
  it('opens at the profile, with a nav to each section at its own address', async () => {
    renderSettings('/settings');
    const nav = await screen.findByRole('navigation', { name: 'Settings sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Profile', '/settings/profile'],
      ['Delivery', '/settings/delivery'],
      ['Statements', '/settings/statements'],
      ['Password and two-factor', '/settings/security'],
      ['Sessions', '/settings/sessions'],
      ['Notifications', '/settings/notifications'],
      ['Staff access', '/settings/staff-access'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await screen.findByLabelText('Account number')).toHaveValue('1234567897');
    expect(screen.queryByRole('heading', { name: 'Change Password' })).toBeNull();
  });

  it('shows one section at a time, and moves between them', async () => {
    const user = userEvent.setup();
    renderSettings('/settings/security');
    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeVisible();
    expect(screen.queryByLabelText('Account number')).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    await user.click(within(nav).getByRole('link', { name: 'Statements' }));
    expect(await screen.findByTestId('statements-card')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Change Password' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Statements' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('chooses which notices are emailed in its own section', async () => {
    renderSettings('/settings/notifications');
    expect(await screen.findByRole('switch', { name: 'Custody and delivery' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Money movements' })).toBeChecked();
    // The price alerts set, beside what is emailed (a fired one is a money movement's notice).
    expect(await screen.findByRole('heading', { name: 'Price alerts' })).toBeVisible();
    expect(await screen.findByTestId('price-alerts-empty')).toBeVisible();
    // And the recurring buys beside them (each period that runs is a money movement's notice).
    expect(screen.getByRole('heading', { name: 'Recurring buys' })).toBeVisible();
    expect(await screen.findByTestId('recurring-empty')).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(within(nav).getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('keeps the password to the account holder while staff view the account', async () => {
    renderSettings('/settings/security', '1b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10');
    expect(await screen.findByTestId('impersonation-settings-notice')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Change Password' })).toBeNull();
  });

  it('speaks Arabic', async () => {
    await i18next.changeLanguage('ar');
    await loadCatalogs(namespaces);
    renderSettings('/settings');
    const nav = await screen.findByRole('navigation', { name: 'أقسام الإعدادات' });
    expect(within(nav).getByRole('link', { name: 'الملف الشخصي' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
