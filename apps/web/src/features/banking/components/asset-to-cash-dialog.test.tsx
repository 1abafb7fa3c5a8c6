import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import i18next from 'i18next';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { toast } from '@/lib/toast';
import { AssetToCashDialog } from './asset-to-cash-dialog';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['banking', 'transfers', 'auth']));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18next.changeLanguage('en');
});

const path = 'POST /api/v1/me/asset-to-cash';
const request = {
  id: '6f9b5a52-2d2e-4a8e-8b1a-2a0d1f6c9e13',
  type: 'asset_to_cash',
  status: 'pending',
  amount: '400.00',
  reference: null,
  direction: null,
  counterpartyAccountNumber: null,
  counterpartyName: null,
  itemName: null,
  assetSymbol: null,
  quantity: null,
  bankName: null,
  bankAccountNumber: null,
  cardLastFour: null,
  cardType: null,
  reason: null,
  createdAt: '2026-05-15T10:00:00.000Z',
  updatedAt: '2026-05-15T10:00:00.000Z',
};

async function open(user: UserEvent, totalAssets = '1000.00') {
  renderWithProviders(<AssetToCashDialog totalAssets={totalAssets} />);
  await user.click(await screen.findByRole('button', { name: 'Convert assets to cash' }));
  return screen.findByRole('dialog', { name: 'Convert assets to cash' });
}

describe('AssetToCashDialog', () => {
  it('says how much the unlocked holdings allow', async () => {
    const user = userEvent.setup();
    stubApi({});
    const dialog = await open(user);
    expect(within(dialog).getByLabelText('Amount (USD)')).toHaveAccessibleDescription(
      expect.stringContaining('Up to $1,000.00 of your unlocked holdings'),
    );
  });

  it.each([
    ['', 'Please enter a valid amount'],
    ['abc', 'Please enter a valid amount'],
    ['1000.01', 'Insufficient asset balance'],
  ])('refuses %j with "%s", titled Transfer Failed', async (typed, message) => {
    const user = userEvent.setup();
    const fetchMock = stubApi({});
    const dialog = await open(user);
    if (typed) await user.type(within(dialog).getByLabelText('Amount (USD)'), typed);
    await user.click(within(dialog).getByRole('button', { name: 'Request conversion' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Transfer Failed', { description: message });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the conversion with a key, and says it waits for staff', async () => {
    const user = userEvent.setup();
    let sent: { body: unknown; key: string | null } | undefined;
    stubApi({
      [path]: (_url, init) => {
        sent = {
          body: JSON.parse(init.body as string),
          key: new Headers(init.headers).get('idempotency-key'),
        };
        return { status: 201, body: request };
      },
    });
    const dialog = await open(user);
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '400');
    await user.click(within(dialog).getByRole('button', { name: 'Request conversion' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Conversion requested', {
        description:
          'Your request to convert $400.00 to cash is pending until our staff complete it.',
      }),
    );
    expect(sent).toEqual({ body: { amount: '400' }, key: expect.any(String) });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s insufficient assets on the amount, and retries with the same key', async () => {
    const user = userEvent.setup();
    const keys: (string | null)[] = [];
    stubApi({
      [path]: (_url, init) => {
        keys.push(new Headers(init.headers).get('idempotency-key'));
        return {
          status: 422,
          body: { error: { code: 'INSUFFICIENT_ASSETS', message: 'Insufficient asset balance' } },
        };
      },
    });
    const dialog = await open(user);
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '900');
    await user.click(within(dialog).getByRole('button', { name: 'Request conversion' }));
    expect(await within(dialog).findByText('Insufficient asset balance')).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Transfer Failed', {
      description: 'Insufficient asset balance',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Request conversion' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
  });

  it('falls back to SPEC’s text for any other failure', async () => {
    const user = userEvent.setup();
    stubApi({
      [path]: { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } },
    });
    const dialog = await open(user);
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Request conversion' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Transfer Failed', {
        description: 'Failed to transfer assets to cash',
      }),
    );
  });

  it('speaks Arabic', async () => {
    const user = userEvent.setup();
    stubApi({});
    await i18next.changeLanguage('ar');
    renderWithProviders(<AssetToCashDialog totalAssets="1000.00" />);
    await user.click(await screen.findByRole('button', { name: 'تحويل الأصول إلى نقد' }));
    const dialog = await screen.findByRole('dialog', { name: 'تحويل الأصول إلى نقد' });
    await user.type(within(dialog).getByLabelText('المبلغ (بالدولار الأمريكي)'), '5000');
    await user.click(within(dialog).getByRole('button', { name: 'طلب التحويل' }));
    expect(await within(dialog).findByText('رصيد الأصول غير كافٍ')).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('فشل التحويل', {
      description: 'رصيد الأصول غير كافٍ',
    });
  });
});
