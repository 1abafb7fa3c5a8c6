// The order screens at the price book's prices (decision 028): the side's price and its age and
// 24 h change on screen, the price shown sent with the order, and a PRICE_CHANGED refusal told
// with the new price, the order kept as typed and confirmed again only by the customer.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import userEvent from '@testing-library/user-event';
import { findAsset } from '@secure-vault/shared/catalogue';
import { tradeRequestSchema } from '@secure-vault/shared/trading';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { priceBook, pricesReply, secondsBefore } from '@/test/price-book-test-data';
import { toast } from '@/lib/toast';
import { AssetTradeScreen } from './asset-trade-screen';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['trading', 'catalogue', 'auth']));
beforeEach(() => vi.mocked(toast.error).mockClear());
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

const gold = findAsset('AU')!;

/** The order a request sends, read as the server reads it. */
const orderOf = (init: RequestInit) =>
  tradeRequestSchema.parse(JSON.parse(typeof init.body === 'string' ? init.body : 'null'));

const account = {
  'GET /api/v1/me/summary': {
    status: 200,
    body: { cashBalance: '1000.00', bookBalance: '0.00', totalNetWorth: '1000.00', allocation: [] },
  },
  'GET /api/v1/me/holdings/AU': {
    status: 200,
    body: { symbol: 'AU', quantity: '2000.00000000', value: '114.00000000', status: 'active' },
  },
};

/** Gold at a spread: a buyer pays $0.06 per mg, a seller gets $0.055; up 1.25% in 24 hours. */
function spreadBook() {
  const at = new Date();
  return priceBook(
    { AU: { buy: '0.06', sell: '0.055', change24h: '1.25', effectiveAt: secondsBefore(at, 12) } },
    at,
  );
}

const tradeResult = (body: { side: string }, price: string) => ({
  status: 201,
  body: {
    side: body.side,
    asset: 'AU',
    quantity: '1000.00000000',
    price,
    value: '60.00000000',
    total: '60.00000000',
    cashBalance: '940.00000000',
    holdingQuantity: '3000.00000000',
    reference: 'a7d4c3a2-1f0e-4d5c-9b8a-7f6e5d4c3b2a',
  },
});

function renderGold() {
  return renderWithProviders(
    <AssetTradeScreen asset={gold} backTo="/precious-metals" backLabel="Back" />,
  );
}

describe('an order screen at the price book', () => {
  it("prices a buy at the book's buy price, a sale at its sell price, with its age and change", async () => {
    const user = userEvent.setup();
    const orders: unknown[] = [];
    stubApi({
      ...account,
      'GET /api/v1/prices': pricesReply(spreadBook()),
      'POST /api/v1/trades': (_url, init) => {
        const body = orderOf(init);
        orders.push(body);
        return tradeResult(body, '0.06');
      },
    });
    renderGold();
    expect(await screen.findByTestId('price-age')).toHaveTextContent('Updated 12 seconds ago');
    expect(screen.getByTestId('listed-price')).toHaveTextContent(
      'Buy: $0.060000 per mg · Sell: $0.055000 per mg',
    );
    expect(screen.getByTestId('price-change')).toHaveTextContent('+1.25%');
    expect(screen.getByTestId('price-change')).toHaveTextContent('Up 1.25% in the last 24 hours');

    const buy = screen.getByRole('form', { name: 'Buy' });
    expect(within(buy).getByTestId('summary-price')).toHaveTextContent('$0.060000 per mg');
    const mg = within(buy).getByLabelText('Milligrams (mg)');
    await user.clear(mg);
    await user.type(mg, '1000');
    expect(within(buy).getByLabelText('Amount (USD)')).toHaveValue(60);
    await user.click(within(buy).getByRole('button', { name: 'Buy Gold' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Purchase' });
    expect(within(dialog).getByTestId('confirm-price')).toHaveTextContent('$0.060000 per mg');
    expect(within(dialog).getByTestId('confirm-total')).toHaveTextContent('$60.00');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Purchase' }));
    await waitFor(() =>
      expect(orders).toEqual([{ side: 'buy', asset: 'AU', quantity: '1000', price: '0.06' }]),
    );

    await user.click(screen.getByRole('tab', { name: 'Sell' }));
    const sell = screen.getByRole('form', { name: 'Sell' });
    expect(within(sell).getByTestId('summary-price')).toHaveTextContent('$0.055000 per mg');
    const sellMg = within(sell).getByLabelText('Milligrams (mg)');
    await user.clear(sellMg);
    await user.type(sellMg, '1000');
    expect(within(sell).getByTestId('summary-total')).toHaveTextContent('$55.00');
  });

  it('prices at the listed price while the book loads, and names that price', async () => {
    const user = userEvent.setup();
    const orders: unknown[] = [];
    const fetchMock = stubApi({
      ...account,
      'POST /api/v1/trades': (_url, init) => {
        const body = orderOf(init);
        orders.push(body);
        return tradeResult(body, '0.057');
      },
    });
    // The book never answers here: the screen does not wait for it.
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((url: string, init?: RequestInit) =>
      url === '/api/v1/prices' ? new Promise<Response>(() => {}) : answer(url, init),
    );
    renderGold();
    expect(await screen.findByText('Loading the latest prices…')).toBeVisible();
    expect(screen.getByTestId('listed-price')).toHaveTextContent('$0.057000 per mg');
    expect(screen.queryByTestId('price-age')).toBeNull();
    const buy = screen.getByRole('form', { name: 'Buy' });
    await screen.findByTestId('cash-balance');
    await user.click(within(buy).getByRole('button', { name: 'Buy Gold' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Purchase' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Purchase' }));
    await waitFor(() =>
      expect(orders).toEqual([{ side: 'buy', asset: 'AU', quantity: '1', price: '0.057' }]),
    );
  });

  it('says the new price when the price changed, keeps the order and waits for a new confirmation', async () => {
    const user = userEvent.setup();
    const orders: { price?: string | undefined }[] = [];
    let book = priceBook();
    const fetchMock = stubApi({
      ...account,
      'GET /api/v1/prices': () => pricesReply(book),
      'POST /api/v1/trades': (_url, init) => {
        const body = orderOf(init);
        orders.push(body);
        if (body.price === '0.057') {
          // Meanwhile the book moved to $0.06 per mg, past the tolerance.
          book = priceBook({ AU: { buy: '0.06', sell: '0.06', change24h: '5.26' } });
          return {
            status: 409,
            body: {
              error: {
                code: 'PRICE_CHANGED',
                message: 'The price changed: Gold is now $0.06 per mg.',
                details: { symbol: 'AU', price: '0.06' },
              },
            },
          };
        }
        return tradeResult(body, '0.06');
      },
    });
    const bookReads = () => fetchMock.mock.calls.filter(([url]) => url === '/api/v1/prices').length;
    renderGold();
    await screen.findByTestId('price-age');
    await screen.findByTestId('cash-balance');
    const buy = screen.getByRole('form', { name: 'Buy' });
    const usd = within(buy).getByLabelText('Amount (USD)');
    await user.clear(usd);
    await user.type(usd, '100');
    await user.click(within(buy).getByRole('button', { name: 'Buy Gold' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Purchase' });
    const readsBefore = bookReads();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Purchase' }));

    const notice = await screen.findByTestId('price-changed');
    expect(notice).toHaveRole('alert');
    expect(notice).toHaveTextContent('The price has changed');
    expect(notice).toHaveTextContent(
      'Gold is now $0.060000 per mg. Your order has not been placed.',
    );
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // What was typed stays; the milligrams follow the new price; the book is read again.
    expect(usd).toHaveValue(100);
    expect(within(buy).getByLabelText('Milligrams (mg)')).toHaveValue(1666.666);
    expect(within(buy).getByTestId('summary-price')).toHaveTextContent('$0.060000 per mg');
    await waitFor(() => expect(bookReads()).toBeGreaterThan(readsBefore));
    expect(orders).toHaveLength(1);

    await user.click(within(notice).getByRole('button', { name: 'Review at the New Price' }));
    const review = await screen.findByRole('alertdialog', { name: 'Confirm Purchase' });
    expect(within(review).getByTestId('confirm-price')).toHaveTextContent('$0.060000 per mg');
    expect(within(review).getByTestId('confirm-total')).toHaveTextContent('$100.00');
    expect(screen.queryByTestId('price-changed')).toBeNull();
    // Nothing is sent again until the customer confirms.
    expect(orders).toHaveLength(1);
    await user.click(within(review).getByRole('button', { name: 'Confirm Purchase' }));
    await waitFor(() => expect(orders).toHaveLength(2));
    expect(orders[1]).toEqual({ side: 'buy', asset: 'AU', total: '100', price: '0.06' });
  });

  it('pauses trading while the price is out of date, on both tabs', async () => {
    const user = userEvent.setup();
    stubApi({ ...account, 'GET /api/v1/prices': pricesReply(priceBook({ AU: { halted: true } })) });
    renderGold();
    const notice = await screen.findByTestId('price-halted');
    expect(notice).toHaveRole('status');
    expect(notice).toHaveTextContent(
      'Trading pausedTrading in Gold is paused: its price is out of date. Try again shortly.',
    );
    const buy = screen.getByRole('form', { name: 'Buy' });
    await user.type(within(buy).getByLabelText('Milligrams (mg)'), '1000');
    expect(within(buy).getByRole('button', { name: 'Buy Gold' })).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: 'Sell' }));
    const sell = screen.getByRole('form', { name: 'Sell' });
    expect(within(sell).getByTestId('price-halted')).toBeVisible();
    expect(within(sell).getByRole('button', { name: 'Sell Gold' })).toBeDisabled();
  });

  it('says in Arabic that trading is paused when the server refuses an order for it', async () => {
    const user = userEvent.setup();
    await i18next.changeLanguage('ar');
    await loadCatalogs(['trading', 'catalogue', 'auth']);
    let book = priceBook();
    stubApi({
      ...account,
      'GET /api/v1/prices': () => pricesReply(book),
      'POST /api/v1/trades': () => {
        // The feed went stale after the screen read the book.
        book = priceBook({ AU: { halted: true } });
        return {
          status: 409,
          body: {
            error: {
              code: 'PRICE_STALE',
              message: 'Trading in Gold is paused: its price is out of date. Try again shortly.',
              details: { symbol: 'AU' },
            },
          },
        };
      },
    });
    renderGold();
    await screen.findByTestId('cash-balance');
    const buy = screen.getAllByRole('form')[0]!;
    await user.type(within(buy).getByLabelText('المليغرامات (ملغ)'), '1000');
    await user.click(within(buy).getByRole('button', { name: 'شراء الذهب' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getAllByRole('button').at(-1)!);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(expect.any(String), {
        description: 'التداول في الذهب متوقف مؤقتًا: سعره غير محدَّث. حاول مرة أخرى بعد قليل.',
      }),
    );
    // The book is read again, and the screen shows the pause.
    expect(await screen.findByTestId('price-halted')).toBeVisible();
  });
});
