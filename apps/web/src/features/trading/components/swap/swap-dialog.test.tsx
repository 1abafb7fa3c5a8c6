import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { toast } from '@/lib/toast';
import { SwapDialogTrigger } from './swap-dialog';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['trading', 'catalogue', 'auth']));
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
    expect(swaps[0]!.body).toEqual({ from: 'AU', to: 'BTC', quantity: '1000' });
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
});
