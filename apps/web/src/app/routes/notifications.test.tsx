// The notification centre: notices by day, marking read, paging, and its empty and failed states.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Route, Routes } from 'react-router';
import { fieldOf } from '@secure-vault/shared/guards';
import type { Notification, NotificationPage } from '@secure-vault/shared/notifications';
import { toast } from '@/lib/toast';
import { customerSession, notice, noticePage } from '@/test/notification-test-data';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import NotificationsRoute from './notifications';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

const namespaces = ['notifications', 'auth'];
beforeAll(() => loadCatalogs(namespaces));
beforeEach(() => {
  // Only the clock: "today" is 30 November 2026, and every timer runs as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 30, 9, 30));
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18next.changeLanguage('en');
});

const list = '/api/v1/me/notifications';
const unreadPath = '/api/v1/me/notifications/unread';

interface Centre {
  pages: Record<string, NotificationPage>;
  session?: ReturnType<typeof customerSession>;
  listStatus?: number;
}

/** The centre's server: pages by cursor ('' for the first), the count, and marking read. */
function stubCentre({ pages, session = customerSession(), listStatus = 200 }: Centre) {
  const all = () => Object.values(pages).flatMap((page) => page.items);
  const markRead = (item: Notification) => {
    item.readAt ??= new Date().toISOString();
  };
  const routes: Parameters<typeof stubApi>[0] = {
    'GET /api/v1/auth/current-session': { status: 200, body: session },
    [`GET ${unreadPath}`]: () => ({
      status: 200,
      body: { unread: all().filter((item) => item.readAt === null).length },
    }),
    'POST /api/v1/me/notifications/read-all': () => {
      all().forEach(markRead);
      return { status: 204 };
    },
  };
  for (const [cursor, page] of Object.entries(pages)) {
    routes[`GET ${list}${cursor ? `?cursor=${cursor}` : ''}`] = () =>
      listStatus === 200
        ? { status: 200, body: page }
        : { status: listStatus, body: { error: { code: 'UNAVAILABLE', message: 'Down' } } };
  }
  for (const item of all()) {
    routes[`POST ${list}/${item.id}/read`] = () => {
      markRead(item);
      return { status: 204 };
    };
  }
  return stubApi(routes);
}

function renderCentre() {
  return renderWithProviders(
    <Routes>
      <Route path="/notifications" element={<NotificationsRoute />} />
      <Route path="/history/:id" element={<h1>Receipt page</h1>} />
      <Route path="/settings/notifications" element={<h1>Notification settings page</h1>} />
    </Routes>,
    { route: '/notifications' },
  );
}

const calls = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => url === path && (init?.method ?? 'GET') === method);

describe('/notifications', () => {
  it('lists the notices by day, newest first, each with its category, lines, time and state', async () => {
    const today = notice([2026, 11, 30, 8, 15], {
      category: 'security',
      kind: 'new_sign_in',
      title: 'New sign-in to your account',
      body: [
        'Someone signed in from Firefox on Linux.',
        'If it was not you, change your password.',
      ],
    });
    const yesterday = notice([2026, 11, 29, 18], {
      title: 'You received a transfer',
      readAt: '2026-11-29T20:00:00.000Z',
    });
    const older = notice([2026, 11, 26, 12], { category: 'kyc', title: 'Verification approved' });
    const fetchMock = stubCentre({ pages: { '': noticePage([today, yesterday, older]) } });
    renderCentre();

    const days = await screen.findAllByTestId('notification-day');
    expect(days.map((day) => day.textContent)).toEqual([
      'Today',
      'Yesterday',
      'Thursday, November 26, 2026',
    ]);
    const items = screen.getAllByTestId('notification-item');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Unread:New sign-in to your account',
      'You received a transfer',
      'Unread:Verification approved',
    ]);
    const first = items[0]!;
    expect(within(first).getByTestId('notification-category')).toHaveTextContent('Security');
    expect(first).toHaveTextContent('Someone signed in from Firefox on Linux.');
    expect(first).toHaveTextContent('If it was not you, change your password.');
    expect(within(first).getByText('8:15 AM')).toHaveAttribute('datetime', today.createdAt);
    expect(within(first).getByTestId('notification-unread')).toBeInTheDocument();
    expect(within(items[1]!).queryByTestId('notification-unread')).not.toBeInTheDocument();
    expect(within(items[2]!).getByTestId('notification-category')).toHaveTextContent(
      'Identity verification',
    );
    // The server words the notices in the language the request asks in.
    const [, init] = calls(fetchMock, 'GET', list)[0]!;
    expect(init?.headers).toMatchObject({ 'accept-language': 'en' });
    expect(screen.getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/settings/notifications',
    );
  });

  it('marks a notice read when its link is followed, and opens what it is about', async () => {
    const user = userEvent.setup();
    const item = notice([2026, 11, 30, 9], {
      title: 'You received a transfer',
      link: '/history/6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
    });
    const fetchMock = stubCentre({ pages: { '': noticePage([item]) } });
    renderCentre();
    const link = await screen.findByRole('link', { name: 'You received a transfer' });
    expect(link).toHaveAttribute('href', '/history/6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b');
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Receipt page' })).toBeVisible();
    await waitFor(() =>
      expect(calls(fetchMock, 'POST', `${list}/${item.id}/read`)).toHaveLength(1),
    );
  });

  it('marks a notice without a page read when it is clicked, and shows it read', async () => {
    const user = userEvent.setup();
    const item = notice([2026, 11, 30, 9], { title: 'Password changed', category: 'security' });
    const fetchMock = stubCentre({ pages: { '': noticePage([item]) } });
    renderCentre();
    await user.click(await screen.findByRole('button', { name: 'Mark as read: Password changed' }));
    await waitFor(() =>
      expect(screen.getByTestId('notification-item')).toHaveAttribute('data-unread', 'false'),
    );
    expect(calls(fetchMock, 'POST', `${list}/${item.id}/read`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Mark as read/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('never links a notice to another site', async () => {
    stubCentre({
      pages: {
        '': noticePage([
          notice([2026, 11, 30, 9], { title: 'Elsewhere', link: '//example.com/steal' }),
          notice([2026, 11, 30, 8], { title: 'Backslash', link: '/\\example.com' }),
        ]),
      },
    });
    renderCentre();
    expect(await screen.findAllByTestId('notification-item')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Elsewhere' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Backslash' })).not.toBeInTheDocument();
  });

  it('links the addresses of this app in a notice’s lines to their pages here, and no other site', async () => {
    const here = window.location.origin;
    stubCentre({
      pages: {
        '': noticePage([
          notice([2026, 11, 30, 9], {
            title: 'New sign-in',
            body: [
              `Not you? End all sessions at ${here}/settings/notifications, then reset your password at https://phish.example/reset-password`,
            ],
          }),
        ]),
      },
    });
    renderCentre();
    const own = await screen.findByRole('link', { name: `${here}/settings/notifications` });
    expect(own).toHaveAttribute('href', '/settings/notifications');
    expect(screen.queryByRole('link', { name: /phish/ })).not.toBeInTheDocument();
    // The comma after the address stays text, and the whole line reads as it was written.
    expect(screen.getByTestId('notification-item')).toHaveTextContent(
      `End all sessions at ${here}/settings/notifications, then reset your password at https://phish.example/reset-password`,
    );
    await userEvent.click(own);
    expect(
      await screen.findByRole('heading', { name: 'Notification settings page' }),
    ).toBeVisible();
  });

  it('marks them all read at once', async () => {
    const user = userEvent.setup();
    const items = [notice([2026, 11, 30, 9]), notice([2026, 11, 29, 9])];
    const fetchMock = stubCentre({ pages: { '': noticePage(items) } });
    renderCentre();
    const markAll = await screen.findByRole('button', { name: 'Mark all as read' });
    await waitFor(() => expect(markAll).toBeEnabled());
    await user.click(markAll);
    await waitFor(() =>
      expect(screen.queryByTestId('notification-unread')).not.toBeInTheDocument(),
    );
    expect(calls(fetchMock, 'POST', `${list}/read-all`)).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith('All notifications marked as read');
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('loads the next page by its cursor, then says that is all', async () => {
    const user = userEvent.setup();
    stubCentre({
      pages: {
        '': noticePage([notice([2026, 11, 30, 9], { title: 'First page' })], 'c2'),
        c2: noticePage([notice([2026, 11, 20, 9], { title: 'Second page' })]),
      },
    });
    renderCentre();
    expect(await screen.findByText('First page')).toBeVisible();
    expect(screen.queryByText("That's everything.")).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Second page')).toBeVisible();
    expect(screen.getAllByTestId('notification-item')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText("That's everything.")).toBeVisible();
  });

  it('shows grey rows while loading, then says when there is nothing yet', async () => {
    stubCentre({ pages: { '': noticePage([]) } });
    renderCentre();
    expect(await screen.findByTestId('notifications-loading')).toBeInTheDocument();
    const empty = await screen.findByTestId('notifications-empty');
    expect(within(empty).getByRole('heading', { name: 'No notifications yet' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('says when the notices did not load, and tries again', async () => {
    const user = userEvent.setup();
    const pages = { '': noticePage([notice([2026, 11, 30, 9], { title: 'Back again' })]) };
    stubCentre({ pages, listStatus: 503 });
    renderCentre();
    expect(await screen.findByText('Could not load your notifications.')).toBeVisible();
    stubCentre({ pages });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeVisible();
  });

  it('does not mark the customer’s notices read while staff view the account', async () => {
    const user = userEvent.setup();
    const item = notice([2026, 11, 30, 9], { title: 'Sent', link: '/history/abc' });
    const fetchMock = stubCentre({
      pages: { '': noticePage([item, notice([2026, 11, 30, 8], { title: 'No page' })]) },
      session: customerSession({ id: '1b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10', email: 's@x.test' }),
    });
    renderCentre();
    expect(await screen.findByTestId('notifications-impersonation')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Mark as read/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Sent' }));
    expect(await screen.findByRole('heading', { name: 'Receipt page' })).toBeVisible();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('reads the notices again in Arabic when the language changes, dates in Latin digits', async () => {
    const fetchMock = stubCentre({
      pages: {
        '': noticePage([notice([2026, 11, 30, 9]), notice([2026, 11, 26, 9, 5])]),
      },
    });
    renderCentre();
    expect(await screen.findByText('Today')).toBeVisible();
    await i18next.changeLanguage('ar');
    await loadCatalogs(namespaces);
    expect(await screen.findByText('اليوم')).toBeVisible();
    const days = screen.getAllByTestId('notification-day');
    expect(days[1]).toHaveTextContent(/26/);
    expect(days[1]!.textContent).not.toMatch(/[٠-٩]/);
    await waitFor(() => {
      const languages = calls(fetchMock, 'GET', list).map(([, init]) =>
        fieldOf(init?.headers, 'accept-language'),
      );
      expect(languages).toEqual(['en', 'ar']);
    });
  });
});
