import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { findAsset } from '@secure-vault/shared/catalogue';
import type { LimitOrder } from '@secure-vault/shared/orders';
import { toast } from '@/lib/toast';
import { limitOrder, orderRefusal, ordersReply } from '@/test/limit-order-test-data';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { AssetLimitOrders } from './asset-limit-orders';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['trading', 'catalogue', 'auth']));
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-02T09:00:00.000Z'));
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

const list = 'GET /api/v1/me/orders';
const place = 'POST /api/v1/me/orders';
const base = '/api/v1/me/orders';
// The book's gold prices per mg: what a buyer pays, what a seller receives.
const goldPrices = { buy: '0.058', sell: '0.056' };

function renderGold() {
  const gold = findAsset('AU');
  if (!gold) throw new Error('No gold');
  return renderWithProviders(<AssetLimitOrders asset={gold} prices={goldPrices} />);
}

function posts(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
}

describe("an asset's limit orders", () => {
  it('places a buy with an Idempotency-Key, having said what it reserves, and lists it', async () => {
    const user = userEvent.setup();
    let items: LimitOrder[] = [];
    const fetchMock = stubApi({
      [list]: () => ordersReply(items),
      [place]: () => {
        const created = limitOrder({ expiresAt: '2027-01-01T00:00:00.000Z' });
        items = [created];
        return { status: 201, body: created };
      },
    });
    renderGold();
    expect(await screen.findByTestId('orders-empty')).toHaveTextContent(
      'You have no limit orders on Gold.',
    );
    const limit = screen.getByLabelText('Limit price (USD per mg)');
    // The limit starts at the book's price on the chosen side, and follows the side.
    expect(limit).toHaveValue('0.058');
    expect(limit).toHaveAccessibleDescription('Buy price now: $0.058000 per mg');
    await user.click(screen.getByRole('radio', { name: 'Sell' }));
    expect(limit).toHaveValue('0.056');
    await user.click(screen.getByRole('radio', { name: 'Buy' }));
    expect(limit).toHaveValue('0.058');

    await user.type(screen.getByLabelText('Order quantity (mg)'), '1000');
    await user.clear(limit);
    await user.type(limit, '0.055');
    expect(screen.getByTestId('order-reserves')).toHaveTextContent('Reserves $55.00 of your cash.');
    expect(screen.getByTestId('order-fills')).toHaveTextContent(
      "Buys when the price is at or below $0.055000 per mg; fills at the book's price then, never above your limit.",
    );
    expect(screen.getByTestId('order-until')).toHaveTextContent('Good until you cancel it.');
    await user.selectOptions(screen.getByLabelText('Good until'), 'date');
    fireEvent.change(screen.getByLabelText('Last day (UTC)'), { target: { value: '2026-12-31' } });
    expect(screen.getByTestId('order-until')).toHaveTextContent(
      'Good until the end of Dec 31, 2026 (UTC).',
    );
    await user.click(screen.getByRole('button', { name: 'Place Limit Order' }));

    const item = await screen.findByTestId('limit-order-item');
    const init = posts(fetchMock)[0]?.[1];
    expect(JSON.parse(typeof init?.body === 'string' ? init.body : '')).toEqual({
      symbol: 'AU',
      side: 'buy',
      quantity: '1000',
      limitPrice: '0.055',
      goodUntil: '2026-12-31',
    });
    expect(new Headers(init?.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(item).toHaveTextContent('Buy 1,000.000 mg at or below $0.055000 per mg');
    expect(within(item).getByTestId('order-status')).toHaveTextContent('Open');
    expect(within(item).getByTestId('order-reserved')).toHaveTextContent('Reserved: $55.00');
    expect(within(item).getByTestId('order-good-until')).toHaveTextContent(
      'Good until the end of Dec 31, 2026 (UTC)',
    );
    expect(toast.success).toHaveBeenCalledWith(
      'Limit order placed: Buy 1,000.000 mg at or below $0.055000 per mg',
    );
    expect(screen.getByLabelText('Order quantity (mg)')).toHaveValue('');
  });

  it('says a sell reserves the quantity, and refuses an order below the smallest before sending', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ [list]: ordersReply() });
    renderGold();
    await user.click(screen.getByRole('radio', { name: 'Sell' }));
    await user.type(screen.getByLabelText('Order quantity (mg)'), '2.5');
    expect(screen.getByTestId('order-reserves')).toHaveTextContent(
      'Reserves 2.500 mg of your Gold.',
    );
    expect(screen.getByTestId('order-fills')).toHaveTextContent(
      'Sells when the price is at or above $0.056000 per mg',
    );
    await user.clear(screen.getByLabelText('Order quantity (mg)'));
    await user.type(screen.getByLabelText('Order quantity (mg)'), '0.1');
    await user.click(screen.getByRole('button', { name: 'Place Limit Order' }));
    const quantity = screen.getByLabelText('Order quantity (mg)');
    await waitFor(() => expect(quantity).toHaveAttribute('aria-invalid', 'true'));
    expect(quantity).toHaveAccessibleDescription('The smallest order is $0.01.');
    expect(posts(fetchMock)).toEqual([]);
  });

  it("puts the server's refusal on its field, in English and in Arabic", async () => {
    const user = userEvent.setup();
    stubApi({
      [list]: ordersReply(),
      [place]: orderRefusal('quantity', 'trading:orders.errors.tooMany'),
    });
    const { unmount } = renderGold();
    await user.type(screen.getByLabelText('Order quantity (mg)'), '1000');
    await user.click(screen.getByRole('button', { name: 'Place Limit Order' }));
    expect(
      await screen.findByText('You already have 100 orders open. Cancel one to place another.'),
    ).toBeVisible();
    const quantity = screen.getByLabelText('Order quantity (mg)');
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(quantity).toHaveFocus());
    unmount();

    stubApi({
      [list]: ordersReply(),
      [place]: orderRefusal('goodUntil', 'trading:orders.errors.dateRange'),
    });
    await i18next.changeLanguage('ar');
    renderGold();
    expect(await screen.findByRole('heading', { name: 'أمر محدد السعر' })).toBeVisible();
    await user.type(screen.getByLabelText('كمية الأمر (ملغ)'), '1000');
    await user.selectOptions(screen.getByLabelText('صالح حتى'), 'date');
    fireEvent.change(screen.getByLabelText('آخر يوم (UTC)'), { target: { value: '2026-12-31' } });
    await user.click(screen.getByRole('button', { name: 'وضع الأمر محدد السعر' }));
    const day = screen.getByLabelText('آخر يوم (UTC)');
    await waitFor(() => expect(day).toHaveAttribute('aria-invalid', 'true'));
    expect(day).toHaveAccessibleDescription('اختر يومًا من اليوم حتى سنة من الآن (UTC).');
  });

  it('says a refusal for want of cash in the form', async () => {
    const user = userEvent.setup();
    stubApi({
      [list]: ordersReply(),
      [place]: {
        status: 422,
        body: {
          error: {
            code: 'INSUFFICIENT_CASH',
            message: 'Not enough cash.',
            details: { needed: '58.00', balance: '10.00' },
          },
        },
      },
    });
    renderGold();
    await user.type(screen.getByLabelText('Order quantity (mg)'), '1000');
    await user.click(screen.getByRole('button', { name: 'Place Limit Order' }));
    expect(await screen.findByTestId('limit-order-refused')).toHaveTextContent(
      'You need $58.00 but only have $10.00 in cash.',
    );
  });

  it('lists the open orders first, then how the others ended, and not other assets’ orders', async () => {
    stubApi({
      [list]: ordersReply([
        limitOrder({
          side: 'sell',
          quantity: '500.000',
          limitPrice: '0.07',
          reserved: '500.000',
          status: 'filled',
          closedAt: '2026-11-30T10:00:00.000Z',
          fillPrice: '0.0712',
          fillTotal: '35.60',
        }),
        limitOrder({ symbol: 'BTC' }),
        limitOrder(),
        limitOrder({ status: 'expired', closedAt: '2026-11-29T00:00:00.000Z' }),
      ]),
    });
    renderGold();
    const [open, filled, expired, ...rest] = await screen.findAllByTestId('limit-order-item');
    expect(rest).toEqual([]);
    expect(within(open!).getByTestId('order-status')).toHaveTextContent('Open');
    expect(within(open!).getByTestId('order-good-until')).toHaveTextContent('Good until cancelled');
    expect(filled).toHaveTextContent('Sell 500.000 mg at or above $0.070000 per mg');
    expect(within(filled!).getByTestId('order-fill')).toHaveTextContent(
      'Filled at $0.071200 per mg: you received $35.60.',
    );
    expect(within(filled!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(expired!).getByTestId('order-status')).toHaveTextContent('Expired');
    expect(within(expired!).getByTestId('order-closed')).toHaveTextContent('Expired Nov 29, 2026');
  });

  it('cancels an open order only once confirmed', async () => {
    const user = userEvent.setup();
    const order = limitOrder();
    let items = [order];
    const fetchMock = stubApi({
      [list]: () => ordersReply(items),
      [`POST ${base}/${order.id}/cancel`]: () => {
        items = [{ ...order, status: 'cancelled', closedAt: '2026-12-02T09:00:00.000Z' }];
        return { status: 200, body: items[0] };
      },
    });
    renderGold();
    const cancel = await screen.findByRole('button', {
      name: 'Cancel the order: Buy 1,000.000 mg at or below $0.055000 per mg',
    });
    await user.click(cancel);
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this limit order?' });
    expect(dialog).toHaveTextContent('what it reserves ($55.00) goes back to your vault');
    expect(within(dialog).getByRole('button', { name: 'Keep It' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep It' }));
    expect(posts(fetchMock)).toEqual([]);

    await user.click(cancel);
    await user.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    const item = screen.getByTestId('limit-order-item');
    await waitFor(() =>
      expect(within(item).getByTestId('order-status')).toHaveTextContent('Cancelled'),
    );
    expect(fetchMock).toHaveBeenCalledWith(
      `${base}/${order.id}/cancel`,
      expect.objectContaining({ method: 'POST' }),
    );
    expect(toast.success).toHaveBeenCalledWith('Limit order cancelled');
    expect(within(item).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when the order had already closed elsewhere', async () => {
    const user = userEvent.setup();
    const order = limitOrder();
    stubApi({
      [list]: ordersReply([order]),
      [`POST ${base}/${order.id}/cancel`]: {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'This order has filled.' } },
      },
    });
    renderGold();
    await user.click(await screen.findByRole('button', { name: /^Cancel the order/ }));
    await user.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Could not cancel the order', {
        description:
          'It had already filled, been cancelled or expired. The list now shows where it stands.',
      }),
    );
  });

  it('shows grey rows until the orders arrive, and offers to try again when they could not', async () => {
    const user = userEvent.setup();
    let isDown = true;
    stubApi({
      [list]: () =>
        isDown
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Down.' } } }
          : ordersReply([limitOrder()]),
    });
    renderGold();
    expect(screen.getByTestId('orders-loading')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your orders…');
    expect(await screen.findByText('Your orders could not be loaded.')).toBeVisible();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('limit-order-item')).toBeVisible();
  });
});
