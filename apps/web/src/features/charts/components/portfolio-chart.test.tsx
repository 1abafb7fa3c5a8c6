import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PortfolioHistory } from '@secure-vault/shared/performance';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { PortfolioChart } from './portfolio-chart';

beforeAll(() => loadCatalogs(['charts']));

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

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Parts = [cash: string, assets: string, custody: string];

function history(range: PortfolioHistory['range'], points: Parts[]): PortfolioHistory {
  return {
    range,
    points: points.map(([cash, assets, custody], index) => ({
      at: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
      value: (Number(cash) + Number(assets) + Number(custody)).toFixed(2),
      cash,
      assets,
      custody,
    })),
  };
}

const url = (range: string) => `GET /api/v1/me/portfolio/history?range=${range}`;

describe('PortfolioChart', () => {
  it('draws the value over the parts stacked beneath it, and lists every point', async () => {
    const user = userEvent.setup();
    stubApi({
      [url('1m')]: {
        status: 200,
        body: history('1m', [
          ['1000.00', '0.00', '500.00'],
          ['400.00', '700.00', '500.00'],
          ['400.00', '650.00', '500.00'],
        ]),
      },
    });
    renderWithProviders(<PortfolioChart />);

    expect(await screen.findByTestId('chart-summary')).toHaveTextContent(
      /^Your portfolio's value over 1 month: from \$1,500\.00 on .+ to \$1,550\.00 on .+, up 3\.33%\.$/,
    );
    await waitFor(() => expect(document.querySelectorAll('.recharts-area')).toHaveLength(3));
    expect(document.querySelectorAll('.recharts-line')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Table view' }));
    const rows = within(screen.getByRole('table', { name: "Your portfolio's value" })).getAllByRole(
      'row',
    );
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Total value', 'Cash', 'Metals and crypto', 'Custody items']);
    expect(rows).toHaveLength(4);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['$1,550.00', '$400.00', '$650.00', '$500.00']);
  });

  it('offers 1W, 1M, 1Y and All, and asks for the one chosen', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      [url('1m')]: { status: 200, body: history('1m', [['10.00', '0.00', '0.00']]) },
      [url('1w')]: { status: 200, body: history('1w', [['10.00', '0.00', '0.00']]) },
    });
    renderWithProviders(<PortfolioChart />);
    await screen.findByTestId('chart-summary');

    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('aria-label'))).toEqual([
      '1 week',
      '1 month',
      '1 year',
      'all time',
    ]);
    await user.click(screen.getByRole('radio', { name: '1 week' }));
    await waitFor(() =>
      expect(screen.getByTestId('chart-summary')).toHaveTextContent(/over 1 week/),
    );
    expect(fetchMock).toHaveBeenLastCalledWith(
      '/api/v1/me/portfolio/history?range=1w',
      expect.anything(),
    );
  });

  it('says the value shows once the vault holds something', async () => {
    stubApi({ [url('1m')]: { status: 200, body: history('1m', []) } });
    renderWithProviders(<PortfolioChart />);
    expect(await screen.findByTestId('chart-empty')).toHaveTextContent(
      "Your portfolio's value will show here once your vault holds something.",
    );
  });

  it('says when the history could not be read', async () => {
    stubApi({ [url('1m')]: { status: 500, body: { code: 'INTERNAL', message: 'Down' } } });
    renderWithProviders(<PortfolioChart />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We could not load your portfolio's history.",
    );
  });
});
