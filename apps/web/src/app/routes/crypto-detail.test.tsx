import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { toast } from '@/lib/toast';
import { priceBook, pricesReply } from '@/test/price-book-test-data';
import { alertsReply } from '@/test/price-alert-test-data';
import { recurringReply } from '@/test/recurring-test-data';
import { ordersReply } from '@/test/limit-order-test-data';
import CryptoDetailRoute from './crypto-detail';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['trading', 'catalogue', 'auth']));
beforeEach(() => vi.mocked(toast.error).mockClear());
afterEach(() => vi.unstubAllGlobals());

const apiFor = (symbol: string, cash = '1000.00') => ({
  'GET /api/v1/me/summary': {
    status: 200,
    body: { cashBalance: cash, bookBalance: '0.00', totalNetWorth: cash, allocation: [] },
  },
  [`GET /api/v1/me/holdings/${symbol}`]: {
    status: 200,
    body: { symbol, quantity: '0.00000000', value: '0.00000000', status: null },
  },
});

function renderCrypto(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/crypto/:symbol" element={<CryptoDetailRoute />} />
      <Route path="/crypto" element={<h1>Crypto list</h1>} />
    </Routes>,
    { route },
  );
}

describe('a cryptocurrency page', () => {
  it('computes units from a total and a total from units', async () => {
    const user = userEvent.setup();
    stubApi(apiFor('BTC'));
    renderCrypto('/crypto/BTC');
    const units = await screen.findByLabelText('Units (BTC)');
    const total = screen.getByLabelText('Total (USD)');
    expect(units).toHaveAttribute('step', '0.00000001');
    expect(total).toHaveAttribute('step', '0.01');
    await user.type(total, '100');
    expect(units).toHaveValue(0.00086956);
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$100.00');
    await user.clear(units);
    await user.type(units, '2');
    expect(total).toHaveValue(230000);
  });

  it("uses the asset's own quantity step", async () => {
    stubApi(apiFor('SHIB'));
    renderCrypto('/crypto/SHIB');
    expect(await screen.findByLabelText('Units (SHIB)')).toHaveAttribute('step', '0.01');
  });

  it('asks to fill in all fields when the form is empty', async () => {
    const user = userEvent.setup();
    stubApi(apiFor('ETH'));
    renderCrypto('/crypto/ETH');
    const buy = await screen.findByRole('button', { name: 'Buy Ethereum' });
    expect(buy).toBeEnabled();
    await user.click(buy);
    expect(toast.error).toHaveBeenCalledWith('Error', {
      description: 'Please fill in all fields',
    });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('says under the field typed in, before any click, when the cash does not cover the order', async () => {
    const user = userEvent.setup();
    stubApi(apiFor('ETH', '100.00'));
    renderCrypto('/crypto/ETH');
    await screen.findByTestId('cash-balance');
    const units = screen.getByLabelText('Units (ETH)');
    await user.type(units, '1');
    // $100 buys 0.02739726 ETH at $3,650 (by amount, rounded down to the unit).
    const problem =
      'You need $3,650.00 but only have $100.00 in cash. That cash buys at most 0.02739726 ETH.';
    expect(screen.getByTestId('quantity-problem')).toHaveTextContent(problem);
    expect(screen.getByTestId('total-problem')).toBeEmptyDOMElement();
    expect(units).toHaveAccessibleDescription(expect.stringContaining(problem));
    expect(screen.getByRole('button', { name: 'Buy Ethereum' })).toBeDisabled();
    expect(screen.getByTestId('summary-total')).toHaveTextContent('—');
    // Typing in the other field moves the message under it.
    await user.clear(screen.getByLabelText('Total (USD)'));
    await user.type(screen.getByLabelText('Total (USD)'), '100');
    expect(screen.getByTestId('quantity-problem')).toBeEmptyDOMElement();
    expect(screen.getByRole('button', { name: 'Buy Ethereum' })).toBeEnabled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("maps the server's refusal to the crypto wording", async () => {
    const user = userEvent.setup();
    stubApi({
      ...apiFor('ETH'),
      'POST /api/v1/trades': {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'Something broke' } },
      },
    });
    renderCrypto('/crypto/ETH');
    await screen.findByTestId('cash-balance');
    await user.type(screen.getByLabelText('Units (ETH)'), '0.1');
    await user.click(screen.getByRole('button', { name: 'Buy Ethereum' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByTestId('confirm-total')).toHaveTextContent('$365.00');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Purchase' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Purchase Failed', {
        description: 'There was an error processing your purchase. Please try again.',
      }),
    );
  });

  it('says "Cryptocurrency Not Found" for an unknown symbol, with the way back', async () => {
    const user = userEvent.setup();
    stubApi(apiFor('BTC'));
    renderCrypto('/crypto/NOPE');
    expect(await screen.findByRole('heading', { name: 'Cryptocurrency Not Found' })).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Back to Cryptocurrencies' }));
    expect(await screen.findByRole('heading', { name: 'Crypto list' })).toBeVisible();
  });

  it("offers a price alert beside the book's sell price", async () => {
    stubApi({
      ...apiFor('BTC'),
      'GET /api/v1/prices': pricesReply(priceBook({ BTC: { buy: '116000', sell: '114000' } })),
      'GET /api/v1/me/price-alerts': alertsReply(),
    });
    renderCrypto('/crypto/BTC');
    await waitFor(() =>
      expect(screen.getByTestId('alert-sell-price')).toHaveTextContent('$114,000.00 per BTC'),
    );
    expect(screen.getByRole('form', { name: 'Set a price alert on Bitcoin' })).toBeVisible();
  });

  it('offers a recurring buy under the price alert', async () => {
    stubApi({ ...apiFor('BTC'), 'GET /api/v1/me/recurring-buys': recurringReply() });
    renderCrypto('/crypto/BTC');
    expect(
      await screen.findByRole('form', { name: 'Set up a recurring buy of Bitcoin' }),
    ).toBeVisible();
    expect(await screen.findByTestId('recurring-empty')).toHaveTextContent(
      'You have no recurring buys of Bitcoin.',
    );
  });

  it("offers a limit order at the book's price on the chosen side", async () => {
    const user = userEvent.setup();
    stubApi({
      ...apiFor('BTC'),
      'GET /api/v1/prices': pricesReply(priceBook({ BTC: { buy: '116000', sell: '114000' } })),
      'GET /api/v1/me/orders': ordersReply(),
    });
    renderCrypto('/crypto/BTC');
    expect(
      await screen.findByRole('form', { name: 'Place a limit order on Bitcoin' }),
    ).toBeVisible();
    const limit = screen.getByLabelText('Limit price (USD per BTC)');
    await waitFor(() => expect(limit).toHaveValue('116000'));
    await user.click(screen.getByRole('radio', { name: 'Sell' }));
    expect(limit).toHaveValue('114000');
    expect(screen.getByLabelText('Order quantity (BTC)')).toBeVisible();
    expect(await screen.findByTestId('orders-empty')).toHaveTextContent(
      'You have no limit orders on Bitcoin.',
    );
  });

  it('opens the uppercase address for a lowercase one', async () => {
    stubApi(apiFor('BTC'));
    renderCrypto('/crypto/btc');
    expect(await screen.findByRole('heading', { name: /Bitcoin/ })).toBeVisible();
  });
});
