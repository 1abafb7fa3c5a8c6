import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { refetchChanges } from '@/lib/change-keys';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { NotificationBell } from './notification-bell';

beforeAll(() => loadCatalogs(['app']));
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

function renderBell(unread: number) {
  stubApi({ 'GET /api/v1/me/notifications/unread': { status: 200, body: { unread } } });
  return renderWithProviders(<NotificationBell />, { route: '/dashboard' });
}

describe('NotificationBell', () => {
  it('shows the unread count and says it in its name, linking to the centre', async () => {
    renderBell(3);
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(screen.getByTestId('notification-badge')).toHaveTextContent(/^3$/);
  });

  it('says one notice in the singular', async () => {
    renderBell(1);
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
  });

  it('shows 99+ above 99, and says the same in its name, so a voice user can say what they see', async () => {
    renderBell(150);
    expect(await screen.findByRole('link', { name: 'Notifications, 99+ unread' })).toBeVisible();
    expect(screen.getByTestId('notification-badge')).toHaveTextContent(/^99\+$/);
  });

  it('shows 99 itself', async () => {
    renderBell(99);
    expect(await screen.findByTestId('notification-badge')).toHaveTextContent(/^99$/);
  });

  it('has no badge when nothing is unread', async () => {
    const { queryClient } = renderBell(0);
    await waitFor(() =>
      expect(queryClient.getQueryData(['me', 'notifications', 'unread'])).toEqual({ unread: 0 }),
    );
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeVisible();
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
  });

  it('is a plain link to the centre when the count does not load', async () => {
    const fetchMock = stubApi({
      'GET /api/v1/me/notifications/unread': {
        status: 503,
        body: { error: { code: 'UNAVAILABLE', message: 'Try again' } },
      },
    });
    renderWithProviders(<NotificationBell />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
  });

  it('counts again when the notifications topic says something changed', async () => {
    let unread = 2;
    stubApi({
      'GET /api/v1/me/notifications/unread': () => ({ status: 200, body: { unread } }),
    });
    const { queryClient } = renderWithProviders(<NotificationBell />);
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeVisible();
    unread = 5;
    await refetchChanges(queryClient, ['notifications']);
    expect(await screen.findByRole('link', { name: 'Notifications, 5 unread' })).toBeVisible();
  });

  it('speaks Arabic, with Latin digits', async () => {
    await i18next.changeLanguage('ar');
    await loadCatalogs(['app']);
    renderBell(3);
    expect(
      await screen.findByRole('link', { name: 'الإشعارات، 3 إشعارات غير مقروءة' }),
    ).toBeVisible();
    expect(screen.getByTestId('notification-badge')).toHaveTextContent(/^3$/);
  });

  // The badge's number is what a voice user says (WCAG 2.5.3), so the name holds it even where
  // Arabic words one and two without a numeral.
  it('keeps the number in the Arabic dual', async () => {
    await i18next.changeLanguage('ar');
    await loadCatalogs(['app']);
    renderBell(2);
    expect(
      await screen.findByRole('link', { name: 'الإشعارات، إشعاران غير مقروءين (2)' }),
    ).toBeVisible();
  });
});
