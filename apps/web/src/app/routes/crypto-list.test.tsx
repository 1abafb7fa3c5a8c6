import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { priceBook, pricesReply } from '@/test/price-book-test-data';
import CryptoListRoute from './crypto-list';

beforeAll(() => loadCatalogs(['trading', 'catalogue']));
afterEach(() => vi.unstubAllGlobals());

describe('the cryptocurrency list', () => {
  it("shows the book's prices and their 24 h change, in the table and on the cards", async () => {
    stubApi({
      'GET /api/v1/prices': pricesReply(
        priceBook({ XRP: { buy: '3.1', sell: '3.1', change24h: '5.08' } }),
      ),
    });
    renderWithProviders(<CryptoListRoute />);
    const row = within(screen.getByTestId('crypto-table'))
      .getByRole('link', { name: 'XRP' })
      .closest('tr')!;
    expect(await within(row).findByText('$3.10')).toBeVisible();
    expect(within(row).getByTestId('price-change')).toHaveTextContent('+5.08%');
    expect(within(row).getByTestId('price-change')).toHaveTextContent(
      'Up 5.08% in the last 24 hours',
    );
    const card = within(screen.getByTestId('crypto-cards'))
      .getAllByRole('link')
      .find((link) => link.getAttribute('href') === '/crypto/XRP')!;
    expect(within(card).getByTestId('list-price')).toHaveTextContent('$3.10');
    expect(within(card).getByTestId('price-change')).toHaveTextContent('+5.08%');
  });
});
