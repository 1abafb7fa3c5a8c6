// The Mail tab: the loading state, "every email has been delivered" when nothing waits, the
// waiting and given-up messages with their counts, attempts, times and kept errors (a row on
// wide screens, a card on phones), "Refresh", the load error with its retry, and Arabic.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { UndeliveredMailList } from '@secure-vault/shared/mail-queue/contracts';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { MailQueueTab } from './mail-queue-tab';

const url = 'GET /api/v1/admin/mail';

beforeAll(() => loadCatalogs(['admin']));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18next.changeLanguage('en');
});

const none: UndeliveredMailList = { waiting: 0, givenUp: 0, messages: [] };

const some: UndeliveredMailList = {
  waiting: 1,
  givenUp: 1,
  messages: [
    {
      id: '0b8f8a7e-59a4-4a5e-9d1f-1c2b3d4e5f60',
      to: 'refused@example.com',
      subject: 'Your sign-up code',
      state: 'given_up',
      attempts: 1,
      createdAt: '2026-11-28T12:02:00.000Z',
      nextAttemptAt: '2026-11-28T12:04:00.000Z',
      givenUpAt: '2026-11-28T12:02:00.000Z',
      failure: { responseCode: 550 },
    },
    {
      id: '1c9f8a7e-59a4-4a5e-9d1f-1c2b3d4e5f61',
      to: 'down@example.com',
      subject: 'You received a transfer',
      state: 'waiting',
      attempts: 2,
      createdAt: '2026-11-28T12:01:00.000Z',
      nextAttemptAt: '2026-11-28T12:03:00.000Z',
      givenUpAt: null,
      failure: { responseCode: null },
    },
  ],
};

describe('MailQueueTab', () => {
  it('says every email has been delivered when nothing waits', async () => {
    stubApi({ [url]: { status: 200, body: none } });
    renderWithProviders(<MailQueueTab />);
    expect(screen.getByTestId('mail-loading')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByTestId('mail-all-delivered')).toHaveTextContent(
      'Every email has been delivered',
    );
    expect(screen.queryByTestId('mail-table')).toBeNull();
  });

  it('lists the waiting and the given-up mail with their counts, attempts and errors', async () => {
    stubApi({ [url]: { status: 200, body: some } });
    renderWithProviders(<MailQueueTab />);
    expect(await screen.findByTestId('mail-counts')).toHaveTextContent(
      '1 waiting to be tried again and 1 given up.',
    );
    const rows = within(screen.getByTestId('mail-table')).getAllByTestId('mail-row');
    expect(rows).toHaveLength(2);
    const [givenUp, waiting] = rows as [HTMLElement, HTMLElement];
    expect(givenUp).toHaveTextContent('Your sign-up code');
    expect(givenUp).toHaveTextContent('refused@example.com');
    expect(within(givenUp).getByTestId('mail-state')).toHaveTextContent('Given up');
    expect(givenUp).toHaveTextContent('Given up Nov 28, 2026');
    expect(givenUp).toHaveTextContent('Refused by the mail server (550)');
    expect(waiting).toHaveTextContent('The mail server could not be reached');
    expect(within(waiting).getByTestId('mail-state')).toHaveTextContent('Waiting');
    expect(waiting).toHaveTextContent('Next attempt Nov 28, 2026');
    expect(waiting).toHaveTextContent('2');
    // The same messages as cards for phones.
    expect(screen.getAllByTestId('mail-card')).toHaveLength(2);
  });

  it('loads again on Refresh', async () => {
    const user = userEvent.setup();
    let calls = 0;
    stubApi({
      [url]: () => {
        calls += 1;
        return { status: 200, body: calls === 1 ? some : none };
      },
    });
    renderWithProviders(<MailQueueTab />);
    await screen.findByTestId('mail-table');
    await user.click(screen.getByTestId('mail-refresh'));
    expect(await screen.findByTestId('mail-all-delivered')).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    const user = userEvent.setup();
    let calls = 0;
    stubApi({
      [url]: () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } }
          : { status: 200, body: none };
      },
    });
    renderWithProviders(<MailQueueTab />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Undelivered mail could not be loaded');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('mail-all-delivered')).toBeInTheDocument();
  });

  it('speaks Arabic', async () => {
    await i18next.changeLanguage('ar');
    await loadCatalogs(['admin']);
    stubApi({ [url]: { status: 200, body: some } });
    renderWithProviders(<MailQueueTab />);
    expect(await screen.findByTestId('mail-counts')).toHaveTextContent(
      'رسالة واحدة بانتظار إعادة المحاولة، ورسالة واحدة متوقَّف عنها.',
    );
    expect(screen.getByRole('button', { name: 'تحديث' })).toBeInTheDocument();
    expect(screen.getAllByText('رفضها خادم البريد (550)').length).toBeGreaterThan(0);
    expect(
      screen.getAllByText('متوقَّف عنها', { selector: '[data-testid="mail-state"]' }),
    ).not.toHaveLength(0);
  });
});
