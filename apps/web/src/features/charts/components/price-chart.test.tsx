import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { findCrypto, findMetal, type Asset } from '@secure-vault/shared/catalogue';
import type { PriceHistory } from '@secure-vault/shared/prices';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { PriceChart } from './price-chart';

beforeAll(() => loadCatalogs(['charts', 'catalogue']));

// jsdom lays nothing out: the drawing is given a size to draw at.
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    new DOMRect(0, 0, 600, 240),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18next.changeLanguage('en');
});

function asset(found: Asset | undefined): Asset {
  if (!found) throw new Error('not listed');
  return found;
}

const gold = asset(findMetal('au'));
const bitcoin = asset(findCrypto('BTC'));

function history(
  symbol: string,
  range: PriceHistory['range'],
  points: [buy: string, sell: string][],
): PriceHistory {
  return {
    symbol,
    range,
    points: points.map(([buy, sell], index) => ({
      at: new Date(Date.UTC(2026, 0, 1 + index, 12)).toISOString(),
      buy,
      sell,
    })),
  };
}

const url = (symbol: string, range: string) =>
  `GET /api/v1/prices/${symbol}/history?range=${range}`;

describe('PriceChart', () => {
  it('draws the sell price over a month, says how it moved, and lists the points in its table', async () => {
    const user = userEvent.setup();
    stubApi({
      [url('AU', '1m')]: {
        status: 200,
        body: history('AU', '1m', [
          ['0.057', '0.057'],
          ['0.0575', '0.0575'],
          ['0.05814', '0.05814'],
        ]),
      },
    });
    renderWithProviders(<PriceChart asset={gold} />);

    const summary = await screen.findByTestId('chart-summary');
    expect(summary).toHaveTextContent(
      /^Gold sell price over 1 month: from \$0\.057 on .+ to \$0\.05814 on .+, up 2\.00%\.$/,
    );
    expect(screen.getByTestId('gain')).toHaveTextContent('+2.00%');
    expect(screen.getByRole('radio', { name: '1 month' })).toBeChecked();
    // One line: the book has no spread in the range.
    await waitFor(() => expect(document.querySelectorAll('.recharts-line')).toHaveLength(1));
    expect(screen.getByRole('application', { name: summary.textContent })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Table view' }));
    const table = screen.getByRole('table', { name: 'Gold prices' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Sell price']);
    // Newest first.
    expect(rows.slice(1).map((row) => within(row).getByRole('cell').textContent)).toEqual([
      '$0.05814',
      '$0.0575',
      '$0.057',
    ]);
    await user.click(screen.getByRole('button', { name: 'Hide table' }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('adds the buy price as a second line when the book has a spread', async () => {
    const user = userEvent.setup();
    stubApi({
      [url('BTC', '1m')]: {
        status: 200,
        body: history('BTC', '1m', [
          ['115000', '115000'],
          ['116150', '114850.5'],
        ]),
      },
    });
    renderWithProviders(<PriceChart asset={bitcoin} />);

    await waitFor(() => expect(document.querySelectorAll('.recharts-line')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Table view' }));
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['$114,850.50', '$116,150.00']);
    expect(screen.getByTestId('chart-summary')).toHaveTextContent(/, down 0\.13%\.$/);
    expect(screen.getByTestId('gain')).toHaveAttribute('data-direction', 'down');
  });

  it('asks for the range chosen, by pointer or with the arrow keys', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      [url('AU', '1m')]: { status: 200, body: history('AU', '1m', [['0.057', '0.057']]) },
      [url('AU', '1y')]: { status: 200, body: history('AU', '1y', [['0.05', '0.05']]) },
      [url('AU', 'all')]: { status: 200, body: history('AU', 'all', [['0.04', '0.04']]) },
    });
    renderWithProviders(<PriceChart asset={gold} />);
    await screen.findByTestId('chart-summary');

    await user.click(screen.getByRole('radio', { name: '1 year' }));
    expect(screen.getByRole('radio', { name: '1 year' })).toBeChecked();
    await waitFor(() =>
      expect(screen.getByTestId('chart-summary')).toHaveTextContent(/over 1 year/),
    );
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'all time' })).toBeChecked();
    await waitFor(() =>
      expect(screen.getByTestId('chart-summary')).toHaveTextContent(/over all time/),
    );
    expect(fetchMock.mock.calls.map(([called]) => called)).toEqual([
      '/api/v1/prices/AU/history?range=1m',
      '/api/v1/prices/AU/history?range=1y',
      '/api/v1/prices/AU/history?range=all',
    ]);
  });

  it('runs time from right to left in Arabic, newest on the left', async () => {
    stubApi({
      [url('AU', '1m')]: {
        status: 200,
        body: history('AU', '1m', [
          ['0.057', '0.057'],
          ['0.058', '0.058'],
        ]),
      },
    });
    await i18next.changeLanguage('ar');
    renderWithProviders(<PriceChart asset={gold} />);

    expect(await screen.findByTestId('chart-plot')).toHaveAttribute('data-reversed', 'true');
    expect(screen.getByTestId('chart-summary')).toHaveTextContent(/^سعر بيع الذهب خلال شهر واحد/);
    await waitFor(() => expect(document.querySelector('.recharts-line-curve')).not.toBeNull());
    // The curve starts (oldest point) at its right end.
    const curve = document.querySelector('.recharts-line-curve')?.getAttribute('d') ?? '';
    const [startX, endX] = [/^M([\d.]+)/.exec(curve)?.[1], /L?([\d.]+),[\d.]+$/.exec(curve)?.[1]];
    expect(Number(startX)).toBeGreaterThan(Number(endX));
  });

  it('runs time from left to right in English', async () => {
    stubApi({
      [url('AU', '1m')]: { status: 200, body: history('AU', '1m', [['0.057', '0.057']]) },
    });
    renderWithProviders(<PriceChart asset={gold} />);
    expect(await screen.findByTestId('chart-plot')).toHaveAttribute('data-reversed', 'false');
  });

  it('says when the range has no prices yet', async () => {
    stubApi({ [url('AU', '1m')]: { status: 200, body: history('AU', '1m', []) } });
    renderWithProviders(<PriceChart asset={gold} />);
    expect(await screen.findByTestId('chart-empty')).toHaveTextContent(
      'No prices for this range yet.',
    );
    expect(screen.queryByRole('button', { name: 'Table view' })).not.toBeInTheDocument();
  });

  it('says when the history could not be read, and reads it again on Retry', async () => {
    const user = userEvent.setup();
    let calls = 0;
    stubApi({
      [url('AU', '1m')]: () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { code: 'INTERNAL', message: 'Down' } }
          : { status: 200, body: history('AU', '1m', [['0.057', '0.057']]) };
      },
    });
    renderWithProviders(<PriceChart asset={gold} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load the price history.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('chart-summary')).toHaveTextContent(/unchanged\.$/);
  });
});
