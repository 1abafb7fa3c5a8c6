import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { StaffAccessEntry } from '@secure-vault/shared/staff-access/contracts';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { StaffAccessCard } from './staff-access-card';

beforeAll(() => loadCatalogs(['settings']));
afterEach(() => vi.unstubAllGlobals());

const staff = { role: 'staff', ref: '3F9A12C4' } as const;
const url = '/api/v1/me/staff-access';

const session: StaffAccessEntry = {
  id: '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10',
  kind: 'impersonation',
  at: '2031-05-01T14:01:00.000Z',
  staff,
  endedAt: '2031-05-01T14:20:00.000Z',
  endReason: 'ended',
  changes: [
    {
      type: 'movement',
      at: '2031-05-01T14:02:00.000Z',
      movement: 'buy',
      assetSymbol: 'BTC',
      itemName: 'Bitcoin',
      quantityDelta: '0.00107000',
      valueDelta: '100.00000000',
    },
    {
      type: 'request',
      at: '2031-05-01T14:03:00.000Z',
      requestType: 'withdrawal',
      status: 'cancelled',
      amount: '25.00',
    },
  ],
  moreChanges: 0,
};
const documentView: StaffAccessEntry = {
  id: '1b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10',
  kind: 'document_viewed',
  at: '2031-05-01T15:00:00.000Z',
  staff,
  side: 'front',
  documentType: 'passport',
};
const balance: StaffAccessEntry = {
  id: '2b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10',
  kind: 'balance_changed',
  at: '2031-05-01T13:00:00.000Z',
  staff,
  change: 'set',
  amount: '500.00',
};

const page = (entries: StaffAccessEntry[], nextCursor: string | null = null) => ({
  status: 200,
  body: { entries, nextCursor },
});

describe('StaffAccessCard', () => {
  it('lists each access as a sentence, newest first, with what changed during a visit', async () => {
    stubApi({ [`GET ${url}`]: page([documentView, session]) });
    renderWithProviders(<StaffAccessCard />);
    const entries = await screen.findAllByTestId('staff-access-entry');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('Staff #3F9A12C4 viewed the front of your passport');
    expect(entries[1]).toHaveTextContent(/^Staff #3F9A12C4 signed in as you, .+ to .+/);
    const changes = within(entries[1] as HTMLElement).getAllByRole('listitem');
    expect(changes.map((item) => item.textContent)).toEqual([
      'Bought: 0.00107 Bitcoin, $100.00',
      'Cancelled your withdrawal of $25.00',
    ]);
    expect(screen.queryByRole('button', { name: 'Show More' })).not.toBeInTheDocument();
  });

  it('says so when no staff member has accessed the account', async () => {
    stubApi({ [`GET ${url}`]: page([]) });
    renderWithProviders(<StaffAccessCard />);
    expect(
      await screen.findByText('No staff member has accessed your account.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('staff-access-list')).not.toBeInTheDocument();
  });

  it('says when the list did not load, and tries again', async () => {
    const user = userEvent.setup();
    let isDown = true;
    stubApi({
      [`GET ${url}`]: () =>
        isDown
          ? { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Try again' } } }
          : page([balance]),
    });
    renderWithProviders(<StaffAccessCard />);
    expect(
      await screen.findByText('Could not load staff access to your account.'),
    ).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('staff-access-entry')).toHaveTextContent(
      'Staff #3F9A12C4 recorded a book balance of $500.00',
    );
  });

  it('keeps an amount whole inside an Arabic sentence, the staff reference too', async () => {
    stubApi({ [`GET ${url}`]: page([{ ...balance, amount: '200.00' }]) });
    await i18next.changeLanguage('ar');
    try {
      renderWithProviders(<StaffAccessCard />);
      const entry = await screen.findByTestId('staff-access-entry');
      // Each left-to-right run is one isolate (U+2066 … U+2069): the browser cannot move
      // "US$" to the other side of the digits, or the reference's letters around.
      expect(entry.querySelector('p')?.textContent).toBe(
        'سجّل الموظف رقم \u20663F9A12C4\u2069 رصيداً دفترياً قدره \u2066200.00\u00a0US$\u2069',
      );
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('shows more with the cursor of the page before', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      [`GET ${url}`]: page([documentView], 'next-page'),
      [`GET ${url}?cursor=next-page`]: page([balance]),
    });
    renderWithProviders(<StaffAccessCard />);
    expect(await screen.findAllByTestId('staff-access-entry')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Show More' }));
    expect(await screen.findAllByTestId('staff-access-entry')).toHaveLength(2);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('button', { name: 'Show More' })).not.toBeInTheDocument();
  });

  it('says when a visit is still open or timed out, and when nothing changed', async () => {
    stubApi({
      [`GET ${url}`]: page([
        { ...session, id: '3b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10', endedAt: null, endReason: null },
        { ...session, endReason: 'expired', changes: [] },
      ]),
    });
    renderWithProviders(<StaffAccessCard />);
    const [open, expired] = await screen.findAllByTestId('staff-access-entry');
    expect(open).toHaveTextContent(/Staff #3F9A12C4 is signed in as you since/);
    expect(expired).toHaveTextContent(/when the session timed out/);
    expect(expired).toHaveTextContent('Nothing was changed.');
  });

  it('shows hostile names as text', async () => {
    stubApi({
      [`GET ${url}`]: page([
        {
          id: '4b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10',
          kind: 'valuable_changed',
          at: '2031-05-01T13:00:00.000Z',
          staff,
          change: 'added',
          itemName: '<img src=x onerror=alert(1)>',
          itemType: 'jewelry',
          value: '1200.00',
        },
      ]),
    });
    const { container } = renderWithProviders(<StaffAccessCard />);
    expect(await screen.findByTestId('staff-access-entry')).toHaveTextContent(
      'Staff #3F9A12C4 added “<img src=x onerror=alert(1)>” to your vault, valued at $1,200.00',
    );
    expect(container.querySelector('img')).toBeNull();
  });
});
