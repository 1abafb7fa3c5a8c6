import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { HoldingPerformance, Performance } from '@secure-vault/shared/performance';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { PerformanceCard } from './performance-card';

beforeAll(() => loadCatalogs(['charts', 'catalogue']));
afterEach(() => vi.unstubAllGlobals());

const gold: HoldingPerformance = {
  symbol: 'AU',
  quantity: '1000.00000000',
  costBasis: '57.00000000',
  averageCost: '0.05700000',
  value: '60.00000000',
  unrealised: '3.00000000',
  unrealisedPercent: '5.26',
  realised: [
    { year: 2026, amount: '1.50000000' },
    { year: 2025, amount: '-0.25000000' },
  ],
};

const bitcoin: HoldingPerformance = {
  symbol: 'BTC',
  quantity: '0.01000000',
  costBasis: '1150.00000000',
  averageCost: '115000.00000000',
  value: '1100.00000000',
  unrealised: '-50.00000000',
  unrealisedPercent: '-4.35',
  realised: [],
};

// Sold out: once held, nothing held now.
const silver: HoldingPerformance = {
  symbol: 'AG',
  quantity: '0.00000000',
  costBasis: '0.00000000',
  averageCost: null,
  value: '0.00000000',
  unrealised: '0.00000000',
  unrealisedPercent: null,
  realised: [{ year: 2025, amount: '2.00000000' }],
};

function performance(holdings: HoldingPerformance[], totals?: Performance['totals']): Performance {
  return {
    at: '2026-03-01T10:00:00.000Z',
    holdings,
    totals: totals ?? {
      costBasis: '1207.00000000',
      value: '1160.00000000',
      unrealised: '-47.00000000',
      realised: [
        { year: 2026, amount: '1.50000000' },
        { year: 2025, amount: '1.75000000' },
      ],
    },
  };
}

function stubPerformance(body: Performance | null) {
  return stubApi({
    'GET /api/v1/me/performance':
      body === null
        ? { status: 500, body: { code: 'INTERNAL', message: 'Down' } }
        : { status: 200, body },
  });
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('PerformanceCard', () => {
  it('shows each holding with its cost, value and signed gains, this year realised', async () => {
    stubPerformance(performance([gold, bitcoin, silver]));
    renderWithProviders(<PerformanceCard />);

    const table = await screen.findByRole('table', { name: 'Performance of your holdings' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Asset',
      'Quantity',
      'Average cost',
      'Cost basis',
      'Value',
      'Unrealised gain/loss',
      'Realised in 2026',
    ]);
    const [goldRow, bitcoinRow, silverRow] = screen.getAllByTestId('performance-row');
    expect(within(goldRow!).getByRole('rowheader')).toHaveTextContent('Gold AU');
    expect(cellsOf(goldRow!)).toEqual([
      '1,000.000 mg',
      '$0.057',
      '$57.00',
      '$60.00',
      'Gain +$3.00 (+5.26%)',
      'Gain +$1.50',
    ]);
    expect(cellsOf(bitcoinRow!)).toEqual([
      '0.01000000 BTC',
      '$115,000.00',
      '$1,150.00',
      '$1,100.00',
      'Loss -$50.00 (-4.35%)',
      'No change $0.00',
    ]);
    // Nothing held: no average cost, no percentage, nothing realised this year.
    expect(cellsOf(silverRow!)).toEqual([
      '0.000 mg',
      '—',
      '$0.00',
      '$0.00',
      'No change $0.00',
      'No change $0.00',
    ]);
    const directions = within(bitcoinRow!)
      .getAllByTestId('gain')
      .map((gain) => gain.dataset.direction);
    expect(directions).toEqual(['down', 'flat']);
  });

  it('totals the holdings and lists the gains realised in each year', async () => {
    stubPerformance(performance([gold, bitcoin]));
    renderWithProviders(<PerformanceCard />);

    const totals = await screen.findByTestId('performance-totals');
    expect(within(totals).getByRole('rowheader')).toHaveTextContent('Total');
    expect(cellsOf(within(totals).getByRole('row'))).toEqual([
      '',
      '',
      '$1,207.00',
      '$1,160.00',
      'Loss -$47.00 (-3.89%)',
      'Gain +$1.50',
    ]);
    const years = within(screen.getByTestId('realised-by-year')).getAllByRole('listitem');
    expect(years.map((year) => year.textContent)).toEqual(['2026Gain +$1.50', '2025Gain +$1.75']);
  });

  it('says what shows here to a customer who has never held a metal or a cryptocurrency', async () => {
    stubPerformance(performance([], { costBasis: '0', value: '0', unrealised: '0', realised: [] }));
    renderWithProviders(<PerformanceCard />);

    expect(await screen.findByTestId('performance-empty')).toHaveTextContent(
      'No metals or crypto yet',
    );
    expect(screen.getByRole('link', { name: 'Browse metals' })).toHaveAttribute(
      'href',
      '/precious-metals',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the performance could not be read', async () => {
    stubPerformance(null);
    renderWithProviders(<PerformanceCard />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We could not load your holdings' performance.",
    );
  });
});
