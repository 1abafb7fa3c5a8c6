import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { priceBook, pricesReply } from '@/test/price-book-test-data';
import PreciousMetalsRoute from './precious-metals';

beforeAll(() => loadCatalogs(['trading', 'catalogue']));
afterEach(() => vi.unstubAllGlobals());

const rowOf = (name: string) =>
  within(screen.getByTestId('metal-table')).getByRole('link', { name }).closest('tr')!;

describe('the precious metals list', () => {
  it("shows the book's prices and their 24 h change", async () => {
    stubApi({
      'GET /api/v1/prices': pricesReply(
        priceBook({
          AU: { buy: '0.0575', sell: '0.0575', change24h: '0.88' },
          AG: { buy: '0.0009', sell: '0.00085', change24h: '-1.16' },
          PT: { change24h: null },
        }),
      ),
    });
    renderWithProviders(<PreciousMetalsRoute />);
    expect(await within(rowOf('Gold')).findByText('$0.0575')).toBeVisible();
    expect(within(rowOf('Gold')).getByTestId('price-change')).toHaveTextContent('+0.88%');
    // A spread shows both prices; a price down says so in words too.
    expect(within(rowOf('Silver')).getByTestId('list-price')).toHaveTextContent(
      'Buy: $0.00090Sell: $0.00085',
    );
    expect(within(rowOf('Silver')).getByTestId('price-change')).toHaveTextContent(
      'Down 1.16% in the last 24 hours',
    );
    expect(within(rowOf('Platinum')).getByTestId('price-change')).toHaveTextContent('—');
    // Unchanged, the book is SPEC §9's list.
    expect(within(rowOf('Rhodium')).getByTestId('list-price')).toHaveTextContent('$0.630');
    expect(within(rowOf('Rhodium')).getByTestId('price-change')).toHaveTextContent('0.00%');
  });

  it('shows the listed prices, and says so, when the book cannot be read', async () => {
    stubApi({ 'GET /api/v1/prices': { status: 503, body: {} } });
    renderWithProviders(<PreciousMetalsRoute />);
    expect(
      await screen.findByText(
        'The latest prices could not be loaded, so the listed prices are shown.',
      ),
    ).toBeVisible();
    expect(within(rowOf('Gold')).getByTestId('list-price')).toHaveTextContent('$0.057');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
