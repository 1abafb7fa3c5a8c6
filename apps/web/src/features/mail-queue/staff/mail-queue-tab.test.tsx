// The Mail tab: the loading state, "every email has been delivered" when nothing waits, the
// waiting and given-up messages with their counts, attempts, times and kept errors (a row on
// wide screens, a card on phones), "Refresh", the load error with its retry, "Send again" on a
// given-up message (busy while on its way, said in a toast, the list refreshed; one sent again
// meanwhile said as such), and Arabic.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type {
  UndeliveredMail,
  UndeliveredMailList,
} from '@secure-vault/shared/mail-queue/contracts';
import { toast } from '@/lib/toast';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { MailQueueTab } from './mail-queue-tab';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

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

const givenUpId = '0b8f8a7e-59a4-4a5e-9d1f-1c2b3d4e5f60';
const resendUrl = `POST /api/v1/admin/mail/${givenUpId}/resend`;
const [givenUpMail, waitingMail] = some.messages as [UndeliveredMail, UndeliveredMail];
/** The given-up message as the server answers once it is back in line. */
const requeued: UndeliveredMail = {
  ...givenUpMail,
  state: 'waiting',
  attempts: 0,
  nextAttemptAt: '2026-11-28T13:00:00.000Z',
  givenUpAt: null,
};
const afterResend: UndeliveredMail[] = [requeued, waitingMail];

/** The list: `some` first, then `later` once something changed. */
function listReplies(later: UndeliveredMail[]) {
  let calls = 0;
  return () => {
    calls += 1;
    return {
      status: 200,
      body: calls === 1 ? some : { waiting: later.length, givenUp: 0, messages: later },
    };
  };
}

const tableRow = async (subject: string) => {
  const rows = within(await screen.findByTestId('mail-table')).getAllByTestId('mail-row');
  const row = rows.find((candidate) => candidate.textContent?.includes(subject));
  if (!row) throw new Error(`no row for ${subject}`);
  return row;
};

describe('Send again', () => {
  it('is offered on given-up mail only, and named for screen readers', async () => {
    stubApi({ [url]: { status: 200, body: some } });
    renderWithProviders(<MailQueueTab />);
    const givenUp = await tableRow('Your sign-up code');
    expect(
      within(givenUp).getByRole('button', { name: 'Send again: Your sign-up code' }),
    ).toBeEnabled();
    expect(within(await tableRow('You received a transfer')).queryByRole('button')).toBeNull();
    // The phone cards carry it too, on the given-up one only.
    const cards = screen.getAllByTestId('mail-card');
    expect(cards.map((card) => within(card).queryAllByTestId('mail-resend').length)).toEqual([
      1, 0,
    ]);
  });

  it('sends it again from the keyboard: busy while on its way, then said and refreshed', async () => {
    const user = userEvent.setup();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = stubApi({
      [url]: listReplies(afterResend),
      [resendUrl]: { status: 200, body: requeued },
    });
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (target: string, init: RequestInit = {}) => {
      if (init.method === 'POST') await held;
      if (!answer) throw new Error('no stubbed fetch');
      return answer(target, init);
    });
    renderWithProviders(<MailQueueTab />);
    const button = within(await tableRow('Your sign-up code')).getByRole('button', {
      name: 'Send again: Your sign-up code',
    });
    button.focus();
    await user.keyboard('{Enter}');

    // On its way: this message's buttons (row and card) are busy and cannot be pressed twice.
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveTextContent('Sending again…');
    const card = screen.getAllByTestId('mail-card')[0] as HTMLElement;
    expect(within(card).getByTestId('mail-resend')).toBeDisabled();
    await user.click(button);
    const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.[0]).toBe(resendUrl.slice('POST '.length));
    expect(new Headers(posts()[0]?.[1]?.headers).get('x-requested-with')).toBe('secure-vault');

    release();
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Back in line to be sent', {
        description: '\u2068Your sign-up code\u2069 will be sent again shortly.',
      }),
    );
    // Refreshed: it waits now, with nothing to press.
    await waitFor(() =>
      expect(within(screen.getByTestId('mail-table')).queryAllByTestId('mail-resend')).toEqual([]),
    );
    expect(within(await tableRow('Your sign-up code')).getByTestId('mail-state')).toHaveTextContent(
      'Waiting',
    );
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('says so when someone else sent it again first, and refreshes', async () => {
    const user = userEvent.setup();
    stubApi({
      [url]: listReplies(afterResend),
      [resendUrl]: {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'This message is already waiting.' } },
      },
    });
    renderWithProviders(<MailQueueTab />);
    await user.click(
      within(await tableRow('Your sign-up code')).getByRole('button', { name: /^Send again/ }),
    );
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('No longer given up', {
        description:
          'This email was sent, or is already waiting to be tried again, perhaps sent again by another staff member. The list has been refreshed.',
      }),
    );
    expect(toast.success).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(within(screen.getByTestId('mail-table')).queryAllByTestId('mail-resend')).toEqual([]),
    );
  });

  it('says when it could not be sent again for another reason', async () => {
    const user = userEvent.setup();
    stubApi({
      [url]: { status: 200, body: some },
      [resendUrl]: { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } },
    });
    renderWithProviders(<MailQueueTab />);
    const button = within(await tableRow('Your sign-up code')).getByRole('button', {
      name: /^Send again/,
    });
    await user.click(button);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Could not send it again', {
        description: 'The email was not put back in line. Please try again.',
      }),
    );
    // Still given up, and it can be pressed again.
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveTextContent('Send again');
  });

  it('speaks Arabic', async () => {
    await i18next.changeLanguage('ar');
    await loadCatalogs(['admin']);
    const user = userEvent.setup();
    stubApi({
      [url]: listReplies(afterResend),
      [resendUrl]: { status: 200, body: requeued },
    });
    renderWithProviders(<MailQueueTab />);
    await user.click(
      within(await tableRow('Your sign-up code')).getByRole('button', {
        name: 'أعد الإرسال: Your sign-up code',
      }),
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('عادت الرسالة إلى قائمة الإرسال', {
        description: 'ستُرسل الرسالة \u2068Your sign-up code\u2069 مرة أخرى قريبًا.',
      }),
    );
  });
});
