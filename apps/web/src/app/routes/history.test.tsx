import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { HistoryEntry, HistoryPage } from '@secure-vault/shared/history';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { toast } from '@/lib/toast';
import HistoryRoute from './history';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['history', 'catalogue']));
afterEach(() => vi.unstubAllGlobals());

const summary = {
  total: 3,
  purchases: 1,
  sales: 1,
  swaps: 1,
  transfers: 0,
  depositsAndWithdrawals: 0,
  fixedTerms: 0,
  deliveries: 0,
  staffAdjustments: 0,
  rounding: 0,
  orders: 0,
};

let id = 0;
function row(partial: Partial<HistoryEntry>): HistoryEntry {
  id += 1;
  return {
    id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    kind: 'buy',
    assetSymbol: null,
    itemName: null,
    quantityDelta: null,
    valueDelta: '0',
    reference: null,
    note: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    ...partial,
  };
}

const purchase = [
  row({
    kind: 'buy',
    assetSymbol: 'AU',
    itemName: 'Gold',
    quantityDelta: '1754.385',
    valueDelta: '99.999945',
    reference: 'r1',
  }),
  row({
    kind: 'buy',
    assetSymbol: 'USD',
    itemName: 'Cash',
    valueDelta: '-100.00',
    reference: 'r1',
  }),
];

function page(entries: HistoryEntry[], nextCursor: string | null = null): HistoryPage {
  return { entries, nextCursor, summary };
}

/** Answers every history request with `reply(url)`, recording the query strings asked for. */
function stubHistory(reply: (params: URLSearchParams) => HistoryPage) {
  const asked: string[] = [];
  const fetchMock = vi.fn(async (url: string) => {
    const [path, query = ''] = url.split('?');
    if (path !== '/api/v1/me/history') throw new Error(`Unexpected request ${url}`);
    asked.push(query);
    return new Response(JSON.stringify(reply(new URLSearchParams(query))), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return asked;
}

describe('/history', () => {
  it('shows the counts and each transaction with its signed amounts', async () => {
    stubHistory(() => page(purchase));
    renderWithProviders(<HistoryRoute />, { route: '/history' });
    const item = await screen.findByTestId('history-item');
    expect(within(item).getByTestId('history-kind')).toHaveTextContent('Purchase');
    const legs = within(item).getAllByTestId('history-leg');
    expect(legs[0]).toHaveTextContent('Gold');
    expect(legs[0]).toHaveTextContent('+1,754.385 mg');
    // A buy of $100 by amount: the holding's exact worth shows in cents, as cash always is.
    expect(legs[0]).toHaveTextContent('+$100.00');
    expect(legs[0]).not.toHaveTextContent('99.999945');
    expect(legs[1]).toHaveTextContent('Cash');
    expect(legs[1]).toHaveTextContent('-$100.00');
    expect(screen.getByTestId('summary-purchases')).toHaveTextContent('1');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('3');
  });

  it('links each row to its receipt, named by its kind and time, reachable by keyboard', async () => {
    const user = userEvent.setup();
    stubHistory(() => page(purchase));
    renderWithProviders(<HistoryRoute />, { route: '/history' });
    const item = await screen.findByTestId('history-item');
    const link = within(item).getByRole('link', { name: /^Purchase, .*2026.*: view receipt$/ });
    // The movement's id is its first journal row's, as the list groups them.
    expect(link).toHaveAttribute('href', `/history/${purchase[0]!.id}`);
    // Tab from the top of the page reaches it, after the buttons and filters above the list.
    for (let step = 0; step < 20 && document.activeElement !== link; step++) await user.tab();
    expect(link).toHaveFocus();
  });

  it('shows the name and description staff gave a cash credit, and nothing for plain cash', async () => {
    stubHistory(() =>
      page([
        row({
          id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
          kind: 'admin_add',
          assetSymbol: 'USD',
          itemName: 'Cash deposit',
          valueDelta: '250.00',
          note: 'Wire received 12 November',
        }),
        row({
          id: '7a2e3d4c-5b6f-4a71-9b8c-0d1e2f3a4b5c',
          kind: 'admin_add',
          assetSymbol: 'USD',
          itemName: 'Cash',
          valueDelta: '5.00',
          createdAt: '2026-01-04T10:00:00.000Z',
        }),
      ]),
    );
    renderWithProviders(<HistoryRoute />, { route: '/history' });
    const items = await screen.findAllByTestId('history-item');
    expect(within(items[0]!).getByTestId('history-leg')).toHaveTextContent('Cash');
    expect(within(items[0]!).getByTestId('history-note')).toHaveTextContent(
      'Cash deposit · Wire received 12 November',
    );
    expect(within(items[1]!).queryByTestId('history-note')).not.toBeInTheDocument();
  });

  it('names an approved book balance in the page language, not with the ledger’s English name', async () => {
    stubHistory(() =>
      page([
        row({
          id: '8b3f4e5d-6c7a-4b82-8c9d-1e2f3a4b5c6d',
          kind: 'book_balance',
          assetSymbol: 'USD',
          itemName: 'Book balance',
          valueDelta: '200.00',
        }),
      ]),
    );
    await i18next.changeLanguage('ar');
    try {
      renderWithProviders(<HistoryRoute />, { route: '/history' });
      const [item] = await screen.findAllByTestId('history-item');
      expect(within(item!).getByTestId('history-kind')).toHaveTextContent('اعتماد الرصيد الدفتري');
      expect(item).toHaveTextContent('النقد');
      expect(item).not.toHaveTextContent('Book balance');
      expect(within(item!).queryByTestId('history-note')).not.toBeInTheDocument();
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('shows a swap once, as a swap, with its cash remainder named, and counts that add up', async () => {
    const at = '2026-01-06T10:00:00.000Z';
    stubHistory(() => ({
      entries: [
        row({
          kind: 'swap_out',
          assetSymbol: 'ETH',
          quantityDelta: '-0.001',
          valueDelta: '-3.65',
          reference: 's',
          createdAt: at,
        }),
        row({
          kind: 'swap_in',
          assetSymbol: 'BTC',
          quantityDelta: '0.00003173',
          valueDelta: '3.64895',
          reference: 's',
          createdAt: at,
        }),
        row({
          kind: 'swap_cash',
          assetSymbol: 'USD',
          itemName: 'Cash',
          valueDelta: '0.01',
          reference: 's',
          createdAt: at,
        }),
      ],
      nextCursor: null,
      summary: { ...summary, total: 5, purchases: 0, sales: 0, swaps: 1, rounding: 4 },
    }));
    renderWithProviders(<HistoryRoute />, { route: '/history' });
    const item = await screen.findByTestId('history-item');
    expect(within(item).getByTestId('history-kind')).toHaveTextContent('Swap');
    const legs = within(item).getAllByTestId('history-leg');
    expect(legs.map((leg) => leg.textContent)).toEqual([
      expect.stringContaining('Ethereum'),
      expect.stringContaining('Bitcoin'),
      expect.stringContaining('Swap remainder to cash'),
    ]);
    expect(item).not.toHaveTextContent(/swap_/);
    // Rarely used groups appear when they hold something; what is shown adds up to the total.
    expect(screen.queryByTestId('summary-deliveries')).not.toBeInTheDocument();
    const shown = screen
      .getAllByTestId(/^summary-/)
      .filter((tile) => tile.dataset.testid !== 'summary-total')
      .map((tile) => Number(tile.querySelector('dd')?.textContent));
    expect(shown.reduce((sum, count) => sum + count, 0)).toBe(5);
    expect(screen.getByTestId('summary-rounding')).toHaveTextContent('4');
  });

  it('builds the query string and the CSV link from the filters', async () => {
    const user = userEvent.setup();
    const asked = stubHistory(() => page(purchase));
    renderWithProviders(<HistoryRoute />, { route: '/history?group=sales&from=2026-01-01' });
    await screen.findByTestId('history-item');
    expect(asked).toEqual(['group=sales&from=2026-01-01&limit=50']);
    expect(screen.getByLabelText('Type')).toHaveValue('sales');
    expect(screen.getByTestId('history-csv')).toHaveAttribute(
      'href',
      '/api/v1/me/history.csv?group=sales&from=2026-01-01&language=en',
    );
    expect(screen.getByTestId('history-csv')).toHaveAttribute('download');

    await user.selectOptions(screen.getByLabelText('Type'), 'purchases');
    await user.type(screen.getByLabelText('To'), '2026-01-31');
    await waitFor(() =>
      expect(asked.at(-1)).toBe('group=purchases&from=2026-01-01&to=2026-01-31&limit=50'),
    );
    expect(screen.getByTestId('history-csv')).toHaveAttribute(
      'href',
      '/api/v1/me/history.csv?group=purchases&from=2026-01-01&to=2026-01-31&language=en',
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(asked.at(-1)).toBe('limit=50'));
    expect(screen.getByTestId('history-csv')).toHaveAttribute(
      'href',
      '/api/v1/me/history.csv?language=en',
    );
  });

  it('keeps a date outside 1900–2999 in its field, says so, and does not ask the server with it', async () => {
    const asked = stubHistory(() => page(purchase));
    renderWithProviders(<HistoryRoute />, { route: '/history?from=0002-01-01&to=2026-01-31' });
    await screen.findByTestId('history-item');
    expect(asked).toEqual(['to=2026-01-31&limit=50']);
    expect(screen.getByLabelText('From')).toHaveValue('0002-01-01');
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('From')).toHaveAttribute('min', '1900-01-01');
    expect(screen.getByLabelText('To')).toHaveAttribute('max', '2999-12-31');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Choose a date between 1 January 1900 and 31 December 2999.',
    );
    expect(screen.getByTestId('history-csv')).toHaveAttribute(
      'href',
      '/api/v1/me/history.csv?to=2026-01-31&language=en',
    );
  });

  it('loads more with the cursor of the last page', async () => {
    const user = userEvent.setup();
    const asked = stubHistory((params) =>
      params.get('cursor') === 'next-1'
        ? page([row({ kind: 'deposit', assetSymbol: 'USD', valueDelta: '500' })])
        : page(purchase, 'next-1'),
    );
    renderWithProviders(<HistoryRoute />, { route: '/history' });
    await screen.findByTestId('history-item');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('history-item')).toHaveLength(2));
    expect(asked).toEqual(['limit=50', 'cursor=next-1&limit=50']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getAllByTestId('history-kind')[1]).toHaveTextContent('Deposit');
  });

  it('offers "Start Trading" when there is nothing yet', async () => {
    stubHistory(() => ({
      entries: [],
      nextCursor: null,
      summary: { ...summary, total: 0, purchases: 0, sales: 0 },
    }));
    renderWithProviders(<HistoryRoute />, { route: '/history' });
    expect(await screen.findByRole('link', { name: 'Start Trading' })).toHaveAttribute(
      'href',
      '/precious-metals',
    );
  });

  it('says "Failed to load transaction history" when the server fails', async () => {
    stubApi({
      'GET /api/v1/me/history?limit=50': {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'Broken' } },
      },
    });
    renderWithProviders(<HistoryRoute />, { route: '/history' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load transaction history',
    );
    expect(toast.error).toHaveBeenCalledWith('Error', {
      description: 'Failed to load transaction history',
    });
  });
});
