import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { storeMetalUnit } from '@/lib/metal-unit';
import { toast } from '@/lib/toast';
import { recurringReply } from '@/test/recurring-test-data';
import MetalCalculatorRoute from './metal-calculator';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['trading', 'catalogue', 'auth']));
beforeEach(() => vi.mocked(toast.error).mockClear());
afterEach(() => vi.unstubAllGlobals());

const summary = (cashBalance: string) => ({
  status: 200,
  body: { cashBalance, bookBalance: '0.00', totalNetWorth: cashBalance, allocation: [] },
});
const holding = (quantity: string, status: 'active' | 'locked' | null = 'active') => ({
  status: 200,
  body: { symbol: 'AU', quantity, value: '0', status },
});

function renderCalculator(route = '/metal-calculator/au') {
  return renderWithProviders(
    <Routes>
      <Route path="/metal-calculator/:symbol" element={<MetalCalculatorRoute />} />
      <Route path="/precious-metals" element={<h1>Metals list</h1>} />
    </Routes>,
    { route },
  );
}

describe('the metal calculator', () => {
  it('computes milligrams from dollars and whole cents from milligrams', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/v1/me/summary': summary('1000.00'),
      'GET /api/v1/me/holdings/AU': holding('0.00000000', null),
    });
    renderCalculator();
    const mg = await screen.findByLabelText('Milligrams (mg)');
    const usd = screen.getByLabelText('Amount (USD)');
    // SPEC §9: 1 mg by default, its price with 6 decimals; what it costs in whole cents.
    expect(mg).toHaveValue(1);
    expect(usd).toHaveValue(0.06);
    expect(screen.getByTestId('listed-price')).toHaveTextContent('$0.057000 per mg');

    await user.clear(usd);
    await user.type(usd, '100');
    expect(mg).toHaveValue(1754.385);
    expect(screen.getByTestId('summary-quantity')).toHaveTextContent('1,754.385 mg');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$100.00');

    await user.clear(mg);
    await user.type(mg, '250');
    expect(usd).toHaveValue(14.25);
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$14.25');
    expect(await screen.findByTestId('cash-balance')).toHaveTextContent('$1,000.00');
  });

  it('opens silver and rhenium at a quantity that can be bought, and says the smallest order', async () => {
    stubApi({
      'GET /api/v1/me/summary': summary('1000.00'),
      'GET /api/v1/me/holdings/AG': { ...holding('0.00000000', null) },
      'GET /api/v1/me/holdings/RE': { ...holding('0.00000000', null) },
    });
    const silver = renderCalculator('/metal-calculator/ag');
    const mg = await screen.findByLabelText('Milligrams (mg)');
    // 1 mg of silver is $0.00084, below the $0.01 minimum: it opens at 100 mg ($0.084 → $0.09).
    expect(mg).toHaveValue(100);
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue(0.09);
    expect(screen.getByRole('button', { name: 'Buy Silver' })).toBeEnabled();
    expect(screen.getByTestId('quantity-problem')).toBeEmptyDOMElement();
    expect(mg).toHaveAccessibleDescription('Smallest order: 11.905 mg (worth at least $0.01).');
    silver.unmount();

    renderCalculator('/metal-calculator/re');
    const rhenium = await screen.findByLabelText('Milligrams (mg)');
    expect(rhenium).toHaveValue(10);
    expect(screen.getByRole('button', { name: 'Buy Rhenium' })).toBeEnabled();
    expect(screen.getByText('Smallest order: 4.167 mg (worth at least $0.01).')).toBeVisible();
  });

  it('keeps Buy disabled until the amount is positive', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/v1/me/summary': summary('1000.00'),
      'GET /api/v1/me/holdings/AU': holding('0.00000000', null),
    });
    renderCalculator();
    const mg = await screen.findByLabelText('Milligrams (mg)');
    const buy = screen.getByRole('button', { name: 'Buy Gold' });
    expect(buy).toBeEnabled();
    await user.clear(mg);
    expect(buy).toBeDisabled();
    await user.type(mg, '0');
    expect(buy).toBeDisabled();
    expect(screen.getByText('Enter milligrams above zero, with at most 3 decimals.')).toBeVisible();
    await user.clear(mg);
    await user.type(mg, '5');
    expect(buy).toBeEnabled();
  });

  it('confirms the charge in whole cents, then places the order with an idempotency key', async () => {
    const user = userEvent.setup();
    const orders: { body: unknown; key: string | null }[] = [];
    stubApi({
      'GET /api/v1/me/summary': summary('1000.00'),
      'GET /api/v1/me/holdings/AU': holding('0.00000000', null),
      'POST /api/v1/trades': (_url, init) => {
        orders.push({
          body: JSON.parse(init.body as string),
          key: new Headers(init.headers).get('idempotency-key'),
        });
        return {
          status: 201,
          body: {
            side: 'buy',
            asset: 'AU',
            quantity: '1754.38500000',
            price: '0.057',
            value: '99.99994500',
            total: '100.00000000',
            cashBalance: '900.00000000',
            holdingQuantity: '1754.38500000',
            reference: 'b7d4c3a2-1f0e-4d5c-9b8a-7f6e5d4c3b2a',
          },
        };
      },
    });
    renderCalculator();
    const usd = await screen.findByLabelText('Amount (USD)');
    await screen.findByTestId('cash-balance');
    await user.clear(usd);
    await user.type(usd, '100');
    await user.click(screen.getByRole('button', { name: 'Buy Gold' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Purchase' });
    expect(within(dialog).getByTestId('confirm-total')).toHaveTextContent('$100.00');
    expect(dialog).toHaveTextContent('1,754.385 mg');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Purchase' }));

    await waitFor(() => expect(orders).toHaveLength(1));
    // The price shown goes with the order: the listed price, the book not being read here.
    expect(orders[0]!.body).toEqual({ side: 'buy', asset: 'AU', total: '100', price: '0.057' });
    expect(orders[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(toast.success).toHaveBeenCalledWith('Purchase Complete', {
      description: 'You bought 1,754.385 mg of Gold for $100.00.',
    });
  });

  it('keeps the key for a retry of the same order and takes a new one for the next', async () => {
    const user = userEvent.setup();
    const keys: (string | null)[] = [];
    let attempt = 0;
    stubApi({
      'GET /api/v1/me/summary': summary('1000.00'),
      'GET /api/v1/me/holdings/AU': holding('0.00000000', null),
      'POST /api/v1/trades': (_url, init) => {
        keys.push(new Headers(init.headers).get('idempotency-key'));
        attempt += 1;
        return attempt === 1
          ? { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Try again' } } }
          : {
              status: 201,
              body: {
                side: 'buy',
                asset: 'AU',
                quantity: '1.00000000',
                price: '0.057',
                total: '0.05700000',
                cashBalance: '999.94300000',
                holdingQuantity: '1.00000000',
                reference: 'c7d4c3a2-1f0e-4d5c-9b8a-7f6e5d4c3b2a',
              },
            };
      },
    });
    renderCalculator();
    await screen.findByTestId('cash-balance');
    for (let order = 0; order < 3; order += 1) {
      await user.click(screen.getByRole('button', { name: 'Buy Gold' }));
      const dialog = await screen.findByRole('alertdialog');
      await user.click(within(dialog).getByRole('button', { name: 'Confirm Purchase' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    }
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(toast.error).toHaveBeenCalledWith('Purchase Failed', expect.anything());
  });

  it('says "Insufficient Cash" under the amount, with what the cash buys, and never sends the order', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'GET /api/v1/me/summary': summary('50.00'),
      'GET /api/v1/me/holdings/AU': holding('0.00000000', null),
    });
    renderCalculator();
    const usd = await screen.findByLabelText('Amount (USD)');
    await screen.findByTestId('cash-balance');
    await user.clear(usd);
    await user.type(usd, '100');
    expect(screen.getByTestId('total-problem')).toHaveTextContent(
      'You need $100.00 but only have $50.00 in cash. That cash buys at most 877.192 mg.',
    );
    expect(screen.getByTestId('quantity-problem')).toBeEmptyDOMElement();
    const buy = screen.getByRole('button', { name: 'Buy Gold' });
    expect(buy).toBeDisabled();
    await user.click(buy);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('reads exponent notation as the number it is, and puts a refusal under the field typed in', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/v1/me/summary': summary('1000000.00'),
      'GET /api/v1/me/holdings/AU': holding('0.00000000', null),
    });
    renderCalculator();
    const usd = await screen.findByLabelText('Amount (USD)');
    const mg = screen.getByLabelText('Milligrams (mg)');
    await screen.findByTestId('cash-balance');
    await user.clear(usd);
    await user.type(usd, '1e5');
    expect(mg).toHaveValue(1754385.964);
    expect(screen.getByTestId('total-problem')).toBeEmptyDOMElement();
    await user.clear(usd);
    await user.type(usd, '1e13');
    expect(screen.getByTestId('total-problem')).toHaveTextContent(
      'That order is larger than any account can hold.',
    );
    expect(screen.getByTestId('quantity-problem')).toBeEmptyDOMElement();
    await user.clear(mg);
    await user.type(mg, '1e-4');
    expect(screen.getByTestId('quantity-problem')).toHaveTextContent(
      'Enter milligrams above zero, with at most 3 decimals.',
    );
  });

  it('sells part of a holding, and disables Sell when there is nothing to sell', async () => {
    const user = userEvent.setup();
    const orders: unknown[] = [];
    stubApi({
      'GET /api/v1/me/summary': summary('0.00'),
      'GET /api/v1/me/holdings/AU': holding('1754.38500000'),
      'POST /api/v1/trades': (_url, init) => {
        orders.push(JSON.parse(init.body as string));
        return {
          status: 201,
          body: {
            side: 'sell',
            asset: 'AU',
            quantity: '500.00000000',
            price: '0.057',
            total: '28.50000000',
            cashBalance: '28.50000000',
            holdingQuantity: '1254.38500000',
            reference: 'd7d4c3a2-1f0e-4d5c-9b8a-7f6e5d4c3b2a',
          },
        };
      },
    });
    renderCalculator();
    await user.click(await screen.findByRole('tab', { name: 'Sell' }));
    expect(await screen.findByTestId('holding-quantity')).toHaveTextContent('1,754.385 mg');
    // Shown in grams too once the customer chose grams for metals (the dashboard's choice).
    act(() => storeMetalUnit('g'));
    expect(screen.getByTestId('holding-quantity')).toHaveTextContent(
      /^1,754\.385 mg \(1\.754385 g\)/,
    );
    act(() => storeMetalUnit('mg'));
    expect(screen.queryByTestId('holding-in-unit')).toBeNull();
    const mg = screen.getByLabelText('Milligrams (mg)');
    await user.clear(mg);
    await user.type(mg, '2000');
    // Known before the click: the line under the field, no total, and no button to press.
    expect(screen.getByTestId('quantity-problem')).toHaveTextContent(
      "You don't hold that much Gold. You hold 1,754.385 mg.",
    );
    expect(screen.getByTestId('summary-total')).toHaveTextContent('—');
    expect(screen.getByRole('button', { name: 'Sell Gold' })).toBeDisabled();
    await user.clear(mg);
    await user.type(mg, '500');
    await user.click(screen.getByRole('button', { name: 'Sell Gold' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Sale' });
    expect(within(dialog).getByTestId('confirm-total')).toHaveTextContent('$28.50');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Sale' }));
    await waitFor(() =>
      expect(orders).toEqual([{ side: 'sell', asset: 'AU', quantity: '500', price: '0.057' }]),
    );
  });

  it('disables Sell without a holding', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/v1/me/summary': summary('10.00'),
      'GET /api/v1/me/holdings/AU': holding('0.00000000', null),
    });
    renderCalculator();
    await user.click(await screen.findByRole('tab', { name: 'Sell' }));
    expect(
      await screen.findByText("You don't hold any Gold yet, so there is nothing to sell."),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sell Gold' })).toBeDisabled();
  });

  it('offers a recurring buy of the metal', async () => {
    stubApi({
      'GET /api/v1/me/summary': summary('10.00'),
      'GET /api/v1/me/holdings/AU': holding('0.00000000', null),
      'GET /api/v1/me/recurring-buys': recurringReply(),
    });
    renderCalculator();
    expect(
      await screen.findByRole('form', { name: 'Set up a recurring buy of Gold' }),
    ).toBeVisible();
    expect(await screen.findByTestId('recurring-empty')).toHaveTextContent(
      'You have no recurring buys of Gold.',
    );
  });

  it('says "Metal not found" for an unknown symbol, with the way back', async () => {
    const user = userEvent.setup();
    stubApi({});
    renderCalculator('/metal-calculator/xx');
    expect(await screen.findByRole('heading', { name: 'Metal not found' })).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Back to Precious Metals' }));
    expect(await screen.findByRole('heading', { name: 'Metals list' })).toBeVisible();
  });
});
