import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { priceBook, pricesReply } from '@/test/price-book-test-data';
import { swapRequestSchema } from '@secure-vault/shared/trading';
import { toast } from '@/lib/toast';
import { SwapDialogTrigger } from './swap-dialog';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['trading', 'catalogue', 'auth']));
beforeEach(() => vi.mocked(toast.error).mockClear());
afterEach(() => vi.unstubAllGlobals());

const valuable = (symbol: string | null, quantity: string | null, extra = {}) => ({
  id: crypto.randomUUID(),
  userId: '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10',
  itemName: symbol ?? 'Ring',
  itemType: symbol ? 'precious_metals' : 'jewelry',
  estimatedValue: '100.00000000',
  description: null,
  storageLocation: 'Secure Vault',
  assetSymbol: symbol,
  quantity,
  unit: symbol ? 'mg' : null,
  status: 'active',
  dateStored: '2026-01-05T10:00:00.000Z',
  createdAt: '2026-01-05T10:00:00.000Z',
  ...extra,
});

describe('SwapDialogTrigger', () => {
  it('previews what arrives and swaps a held asset for another', async () => {
    const user = userEvent.setup();
    const swaps: { body: unknown; key: string | null }[] = [];
    stubApi({
      'GET /api/v1/me/valuables?excludeCash=true': {
        status: 200,
        body: [
          valuable('AU', '1754.38500000'),
          valuable(null, null),
          valuable('PT', '10.00000000', { status: 'locked' }),
        ],
      },
      'POST /api/v1/swaps': (_url, init) => {
        swaps.push({
          body: JSON.parse(init.body as string),
          key: new Headers(init.headers).get('idempotency-key'),
        });
        return {
          status: 201,
          body: {
            from: { asset: 'AU', quantity: '1000.00000000', value: '57.00000000' },
            to: { asset: 'BTC', quantity: '0.00049565', value: '56.99975000' },
            cashRemainder: '0.00000000',
            cashBalance: '0.00000000',
            reference: 'e7d4c3a2-1f0e-4d5c-9b8a-7f6e5d4c3b2a',
          },
        };
      },
    });
    renderWithProviders(<SwapDialogTrigger />);
    await user.click(await screen.findByRole('button', { name: 'Swap Assets' }));
    const dialog = await screen.findByRole('dialog', { name: 'Swap Assets' });
    const from = await within(dialog).findByLabelText('Swap from');
    // Only active traded positions: not the ring, not the locked platinum.
    expect(
      within(from)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Gold — 1,754.385 mg']);
    const confirm = within(dialog).getByRole('button', { name: 'Confirm Swap' });
    expect(confirm).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('Swap to'), 'BTC');
    await user.type(within(dialog).getByLabelText('Milligrams to swap (mg)'), '1000');
    expect(within(dialog).getByTestId('swap-receive')).toHaveTextContent('0.00049565 BTC');
    // Whole cents only: $57.00 buys $56.99975 of bitcoin at a cost of $57.00.
    expect(within(dialog).getByTestId('swap-remainder')).toHaveTextContent('$0.00');
    await user.click(confirm);
    await waitFor(() => expect(swaps).toHaveLength(1));
    // With the prices shown: gold's sell price and bitcoin's buy price (listed, no book read here).
    expect(swaps[0]!.body).toEqual({
      from: 'AU',
      to: 'BTC',
      quantity: '1000',
      fromPrice: '0.057',
      toPrice: '115000',
    });
    expect(swaps[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toast.success).toHaveBeenCalledWith('Swap Complete', {
      description: 'You swapped 1,000.000 mg of Gold for 0.00049565 BTC.',
    });
  });

  it('refuses more than is held', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/v1/me/valuables?excludeCash=true': {
        status: 200,
        body: [valuable('AU', '5.00000000')],
      },
    });
    renderWithProviders(<SwapDialogTrigger />);
    await user.click(await screen.findByRole('button', { name: 'Swap Assets' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(await within(dialog).findByLabelText('Milligrams to swap (mg)'), '6');
    expect(within(dialog).getByText("You don't hold that much Gold.")).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Confirm Swap' })).toBeDisabled();
  });

  it("prices at the book's prices, and after a price change waits for the customer to look again", async () => {
    const user = userEvent.setup();
    const swaps: { toPrice?: string | undefined }[] = [];
    // Bitcoin costs $116,000 to buy, up 0.87% in 24 hours.
    let book = priceBook({ BTC: { buy: '116000', sell: '115000', change24h: '0.87' } });
    stubApi({
      'GET /api/v1/me/valuables?excludeCash=true': {
        status: 200,
        body: [valuable('AU', '1754.38500000')],
      },
      'GET /api/v1/prices': () => pricesReply(book),
      'POST /api/v1/swaps': (_url, init) => {
        const body = swapRequestSchema.parse(
          JSON.parse(typeof init.body === 'string' ? init.body : 'null'),
        );
        swaps.push(body);
        if (body.toPrice === '116000') {
          book = priceBook({ BTC: { buy: '120000', sell: '119000', change24h: '4.35' } });
          return {
            status: 409,
            body: {
              error: {
                code: 'PRICE_CHANGED',
                message: 'The price changed: Bitcoin is now $120000 per unit.',
                details: { symbol: 'BTC', price: '120000' },
              },
            },
          };
        }
        return {
          status: 201,
          body: {
            from: { asset: 'AU', quantity: '1000.00000000', value: '57.00000000' },
            to: { asset: 'BTC', quantity: '0.00047500', value: '57.00000000' },
            cashRemainder: '0.00000000',
            cashBalance: '0.00000000',
            reference: 'f7d4c3a2-1f0e-4d5c-9b8a-7f6e5d4c3b2a',
          },
        };
      },
    });
    renderWithProviders(<SwapDialogTrigger />);
    await user.click(await screen.findByRole('button', { name: 'Swap Assets' }));
    const dialog = await screen.findByRole('dialog', { name: 'Swap Assets' });
    await user.selectOptions(await within(dialog).findByLabelText('Swap to'), 'BTC');
    await within(dialog).findByTestId('price-age');
    expect(within(dialog).getByTestId('swap-from-price')).toHaveTextContent('$0.057000 per mg');
    expect(within(dialog).getByTestId('swap-to-price')).toHaveTextContent('$116,000.00 per BTC');
    expect(within(dialog).getByText('Bitcoin costs')).toBeVisible();
    expect(within(dialog).getAllByTestId('price-change')[1]).toHaveTextContent('+0.87%');
    await user.type(within(dialog).getByLabelText('Milligrams to swap (mg)'), '1000');
    // $57.00 buys 0.00049137 BTC at $116,000.
    expect(within(dialog).getByTestId('swap-receive')).toHaveTextContent('0.00049137 BTC');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm Swap' });
    await user.click(confirm);

    const notice = await within(dialog).findByTestId('price-changed');
    expect(notice).toHaveTextContent(
      'Bitcoin is now $120,000.00 per BTC. Your swap has not been made.',
    );
    expect(toast.error).not.toHaveBeenCalled();
    // The quantity typed stays; the preview is at the new price; nothing is sent until confirmed.
    expect(within(dialog).getByLabelText('Milligrams to swap (mg)')).toHaveValue(1000);
    expect(within(dialog).getByTestId('swap-to-price')).toHaveTextContent('$120,000.00 per BTC');
    expect(within(dialog).getByTestId('swap-receive')).toHaveTextContent('0.00047500 BTC');
    expect(confirm).toBeDisabled();
    await user.click(
      within(notice).getByRole('button', { name: 'Review the Swap at the New Price' }),
    );
    expect(within(dialog).getByTestId('swap-preview')).toHaveFocus();
    expect(swaps).toHaveLength(1);
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() => expect(swaps).toHaveLength(2));
    expect(swaps[1]).toEqual({
      from: 'AU',
      to: 'BTC',
      quantity: '1000',
      fromPrice: '0.057',
      toPrice: '120000',
    });
  });

  it('pauses a swap into or out of an asset whose price is out of date, and tells a refusal for it', async () => {
    const user = userEvent.setup();
    let book = priceBook({ BTC: { halted: true } });
    stubApi({
      'GET /api/v1/me/valuables?excludeCash=true': {
        status: 200,
        body: [valuable('AU', '1754.38500000')],
      },
      'GET /api/v1/prices': () => pricesReply(book),
      'POST /api/v1/swaps': () => ({
        status: 409,
        body: {
          error: {
            code: 'PRICE_STALE',
            message: 'Trading in Ethereum is paused: its price is out of date. Try again shortly.',
            details: { symbol: 'ETH' },
          },
        },
      }),
    });
    renderWithProviders(<SwapDialogTrigger />);
    await user.click(await screen.findByRole('button', { name: 'Swap Assets' }));
    const dialog = await screen.findByRole('dialog', { name: 'Swap Assets' });
    await user.selectOptions(await within(dialog).findByLabelText('Swap to'), 'BTC');
    await user.type(within(dialog).getByLabelText('Milligrams to swap (mg)'), '1000');
    expect(await within(dialog).findByTestId('price-halted')).toHaveTextContent(
      'Trading in Bitcoin is paused: its price is out of date. Try again shortly.',
    );
    const confirm = within(dialog).getByRole('button', { name: 'Confirm Swap' });
    expect(confirm).toBeDisabled();

    // Into another asset it may go; the server, whose book is newer, refuses it.
    await user.selectOptions(within(dialog).getByLabelText('Swap to'), 'ETH');
    expect(within(dialog).queryByTestId('price-halted')).toBeNull();
    book = priceBook({ BTC: { halted: true }, ETH: { halted: true } });
    await user.click(confirm);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Swap Failed', {
        description: 'Trading in Ethereum is paused: its price is out of date. Try again shortly.',
      }),
    );
    expect(await within(dialog).findByTestId('price-halted')).toHaveTextContent('Ethereum');
  });
});
