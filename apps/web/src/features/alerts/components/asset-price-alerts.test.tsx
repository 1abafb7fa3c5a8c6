import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { findAsset } from '@secure-vault/shared/catalogue';
import { toast } from '@/lib/toast';
import { alertsReply, priceAlert, priceRefusal } from '@/test/price-alert-test-data';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { AssetPriceAlerts } from './asset-price-alerts';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['trading', 'catalogue', 'auth']));
beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

const list = 'GET /api/v1/me/price-alerts';
const create = 'POST /api/v1/me/price-alerts';

function renderFor(symbol: string, sellPrice: string) {
  const asset = findAsset(symbol);
  if (!asset) throw new Error(`No asset ${symbol}`);
  return renderWithProviders(<AssetPriceAlerts asset={asset} sellPrice={sellPrice} />);
}

function sentBodies(fetchMock: ReturnType<typeof stubApi>, method: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
}

describe("an asset's price alert", () => {
  it("shows the sell price now and only this asset's waiting alerts", async () => {
    stubApi({
      [list]: alertsReply([
        priceAlert({ direction: 'below', price: '100000.5' }),
        priceAlert({ symbol: 'ETH', price: '5000' }),
        priceAlert({ firedAt: '2026-11-21T10:00:00.000Z', firedPrice: '120100' }),
      ]),
    });
    renderFor('BTC', '115000');
    expect(screen.getByTestId('alert-sell-price')).toHaveTextContent('$115,000.00 per BTC');
    const items = await screen.findAllByTestId('price-alert-item');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('Below $100,000.50 per BTC');
    expect(items[0]).toHaveTextContent('Waiting');
  });

  it('says a metal level per mg, and when none is waiting', async () => {
    stubApi({ [list]: alertsReply([priceAlert()]) });
    renderFor('AU', '0.057');
    expect(screen.getByTestId('alert-sell-price')).toHaveTextContent('$0.057000 per mg');
    expect(screen.getByText('In US dollars per mg')).toBeVisible();
    expect(await screen.findByTestId('price-alerts-empty')).toHaveTextContent(
      'No alerts are waiting for Gold.',
    );
  });

  it('checks the price before sending it, in the reader’s language', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ [list]: alertsReply() });
    renderFor('BTC', '115000');
    const price = screen.getByLabelText('Price');
    await user.click(screen.getByRole('button', { name: 'Set Alert' }));
    const invalid = 'Enter a price in US dollars above zero, with at most 8 decimals.';
    expect(await screen.findByText(invalid)).toBeVisible();
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveFocus();
    await user.type(price, '1.123456789');
    await user.click(screen.getByRole('button', { name: 'Set Alert' }));
    expect(screen.getByText(invalid)).toBeVisible();
    expect(sentBodies(fetchMock, 'POST')).toEqual([]);
    await i18next.changeLanguage('ar');
    await waitFor(() =>
      expect(
        screen.getByText('أدخل سعرًا بالدولار الأمريكي أكبر من صفر، بثماني منازل عشرية على الأكثر.'),
      ).toBeVisible(),
    );
  });

  it('sets an alert below the price, then lists it', async () => {
    const user = userEvent.setup();
    const created = priceAlert({ direction: 'below', price: '110000' });
    let items: ReturnType<typeof priceAlert>[] = [];
    const fetchMock = stubApi({
      [list]: () => alertsReply(items),
      [create]: () => {
        items = [created];
        return { status: 201, body: created };
      },
    });
    renderFor('BTC', '115000');
    expect(await screen.findByTestId('price-alerts-empty')).toBeVisible();
    await user.selectOptions(screen.getByLabelText('Tell me when the sell price goes'), 'Below');
    await user.type(screen.getByLabelText('Price'), ' 110000 ');
    await user.click(screen.getByRole('button', { name: 'Set Alert' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Price alert set for Bitcoin: Below $110,000.00 per BTC',
      ),
    );
    expect(sentBodies(fetchMock, 'POST')).toEqual([
      { symbol: 'BTC', direction: 'below', price: '110000' },
    ]);
    expect(await screen.findByTestId('price-alert-item')).toHaveTextContent(
      'Below $110,000.00 per BTC',
    );
    expect(screen.getByLabelText('Price')).toHaveValue('');
  });

  it.each([
    [
      'trading:alerts.errors.alreadyAbove',
      'The sell price is already at or above this price. Enter a higher one.',
    ],
    [
      'trading:alerts.errors.alreadyBelow',
      'The sell price is already at or below this price. Enter a lower one.',
    ],
    [
      'trading:alerts.errors.tooMany',
      'You already have 50 alerts waiting. Remove one to set another.',
    ],
  ])('puts the server’s %s on the price field', async (key, text) => {
    const user = userEvent.setup();
    stubApi({ [list]: alertsReply(), [create]: priceRefusal(key) });
    renderFor('BTC', '115000');
    const price = screen.getByLabelText('Price');
    await user.type(price, '100000');
    await user.click(screen.getByRole('button', { name: 'Set Alert' }));
    expect(await screen.findByText(text)).toBeVisible();
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription(expect.stringContaining(text));
    expect(price).toHaveValue('100000');
  });

  it('says on the field when the server does not list the asset', async () => {
    const user = userEvent.setup();
    stubApi({
      [list]: alertsReply(),
      [create]: {
        status: 404,
        body: { error: { code: 'UNKNOWN_ASSET', message: 'Unknown asset.' } },
      },
    });
    renderFor('BTC', '115000');
    await user.type(screen.getByLabelText('Price'), '130000');
    await user.click(screen.getByRole('button', { name: 'Set Alert' }));
    expect(await screen.findByText('Price alerts cannot be set on this asset.')).toBeVisible();
    expect(screen.getByLabelText('Price')).toHaveFocus();
  });

  it('refuses a 51st waiting alert without sending it', async () => {
    const user = userEvent.setup();
    const waiting = Array.from({ length: 50 }, () => priceAlert({ symbol: 'ETH' }));
    const fetchMock = stubApi({ [list]: alertsReply(waiting) });
    renderFor('BTC', '115000');
    expect(await screen.findByTestId('price-alerts-empty')).toBeVisible();
    await user.type(screen.getByLabelText('Price'), '130000');
    await user.click(screen.getByRole('button', { name: 'Set Alert' }));
    expect(
      await screen.findByText('You already have 50 alerts waiting. Remove one to set another.'),
    ).toBeVisible();
    expect(sentBodies(fetchMock, 'POST')).toEqual([]);
  });

  it('removes a waiting alert and moves the focus to the list', async () => {
    const user = userEvent.setup();
    const alert = priceAlert();
    let items = [alert];
    const fetchMock = stubApi({
      [list]: () => alertsReply(items),
      [`DELETE /api/v1/me/price-alerts/${alert.id}`]: () => {
        items = [];
        return { status: 204 };
      },
    });
    renderFor('BTC', '115000');
    const item = await screen.findByTestId('price-alert-item');
    await user.click(
      within(item).getByRole('button', { name: 'Remove the alert: Above $120,000.00 per BTC' }),
    );
    expect(await screen.findByTestId('price-alerts-empty')).toBeVisible();
    expect(toast.success).toHaveBeenCalledWith('Price alert removed');
    expect(screen.getByRole('heading', { name: 'Waiting alerts' })).toHaveFocus();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });

  it('says when the alerts could not be loaded, and reads them again', async () => {
    const user = userEvent.setup();
    let isDown = true;
    stubApi({
      [list]: () =>
        isDown
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Down.' } } }
          : alertsReply([priceAlert()]),
    });
    renderFor('BTC', '115000');
    expect(await screen.findByText('Your price alerts could not be loaded.')).toBeVisible();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('price-alert-item')).toBeVisible();
  });
});
