// Settings' delivery tracking view: requests and their tracking newest first with the newest
// record highlighted, Cancel only before shipping (and never for staff viewing the account), a
// cancellation confirmed and sent with an Idempotency-Key, and the empty and error states.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { Delivery } from '@secure-vault/shared/custody';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { toast } from '@/lib/toast';
import { delivery, gold, trackingRecord } from '@/test/delivery-test-data';
import { DeliveryTracking } from './delivery-tracking';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['custody', 'auth', 'catalogue', 'vault']));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18next.changeLanguage('en');
});

const listPath = 'GET /api/v1/me/deliveries';
const older = delivery({ id: 'd1111111-1111-4111-8111-111111111111' });
const newer = delivery({
  id: 'd2222222-2222-4222-8222-222222222222',
  valuableId: gold.id,
  itemName: 'Gold',
  itemType: 'precious_metals',
  assetSymbol: 'AU',
  quantity: '250',
  unit: 'mg',
  estimatedValue: '14.25',
  status: 'shipped',
  createdAt: '2026-05-03T08:00:00.000Z',
  updatedAt: '2026-05-04T12:00:00.000Z',
  // Out of order on purpose: the view sorts them.
  tracking: [
    trackingRecord({
      id: 'e1111111-1111-4111-8111-111111111111',
      deliveryId: 'd2222222-2222-4222-8222-222222222222',
      status: 'processing',
      location: 'Dubai vault',
      createdAt: '2026-05-03T10:00:00.000Z',
    }),
    trackingRecord({
      id: 'e3333333-3333-4333-8333-333333333333',
      deliveryId: 'd2222222-2222-4222-8222-222222222222',
      status: 'in_transit',
      location: 'Heathrow',
      message: 'Cleared customs',
      createdAt: '2026-05-04T12:00:00.000Z',
    }),
    trackingRecord({
      id: 'e2222222-2222-4222-8222-222222222222',
      deliveryId: 'd2222222-2222-4222-8222-222222222222',
      status: 'shipped',
      location: 'DXB airport',
      createdAt: '2026-05-03T18:00:00.000Z',
    }),
  ],
});

const props = { canCancel: true, justRequestedId: null, onRequest: () => {} };
const cancelPath = (item: Delivery) => `/api/v1/me/deliveries/${item.id}/cancel`;

describe('Delivery tracking', () => {
  it('shows requests and their tracking newest first, the newest record highlighted', async () => {
    stubApi({ [listPath]: { status: 200, body: [older, newer] } });
    renderWithProviders(<DeliveryTracking {...props} />);
    const list = await screen.findByRole('list', { name: 'Your delivery requests' });
    const entries = within(list).getAllByTestId('delivery-entry');
    expect(
      entries.map((entry) => within(entry).getByRole('heading', { level: 3 }).textContent),
    ).toEqual(['Gold', 'Diamond necklace']);
    const [gold, necklace] = entries as [HTMLElement, HTMLElement];
    expect(gold).toHaveTextContent('250.000 mg');
    expect(gold).toHaveTextContent('$14.25');
    expect(within(gold).getAllByTestId('delivery-status')[0]).toHaveTextContent('Shipped');

    const records = within(gold).getAllByTestId('tracking-record');
    expect(records.map((record) => record.textContent)).toEqual([
      expect.stringContaining('Heathrow'),
      expect.stringContaining('DXB airport'),
      expect.stringContaining('Dubai vault'),
    ]);
    expect(records[0]).toHaveAttribute('aria-current', 'step');
    expect(records[0]).toHaveTextContent('In transit');
    expect(records[0]).toHaveTextContent('Latest');
    expect(records[0]).toHaveTextContent('Cleared customs');
    expect(records[1]).not.toHaveAttribute('aria-current');
    expect(records[1]).not.toHaveTextContent('Latest');

    expect(necklace).toHaveTextContent('The whole item');
    expect(necklace).toHaveTextContent('+971 50 123 4567');
    expect(within(necklace).getByTestId('tracking-none')).toHaveTextContent(
      'No tracking updates yet.',
    );
  });

  it('offers Cancel only before the item ships, and never to staff viewing the account', async () => {
    const statuses = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
    const all = statuses.map((status, index) =>
      delivery({
        id: `d000000${String(index)}-0000-4000-8000-000000000000`,
        itemName: `Item ${status}`,
        status,
        createdAt: `2026-05-0${String(index + 1)}T08:00:00.000Z`,
      }),
    );
    stubApi({ [listPath]: { status: 200, body: all } });
    const { unmount } = renderWithProviders(<DeliveryTracking {...props} />);
    await screen.findByRole('list', { name: 'Your delivery requests' });
    const cancellable = screen
      .getAllByRole('button', { name: /^Cancel delivery: / })
      .map((button) => button.getAttribute('aria-label'));
    expect(cancellable.sort()).toEqual([
      'Cancel delivery: Item pending',
      'Cancel delivery: Item processing',
    ]);
    unmount();

    renderWithProviders(<DeliveryTracking {...props} canCancel={false} />);
    await screen.findByRole('list', { name: 'Your delivery requests' });
    expect(screen.queryAllByRole('button', { name: /Cancel/ })).toHaveLength(0);
  });

  it('cancels after a confirmation, with an Idempotency-Key, and the item is back', async () => {
    const user = userEvent.setup();
    let list = [older];
    const fetchMock = stubApi({
      [listPath]: () => ({ status: 200, body: list }),
      'GET /api/v1/me/valuables': { status: 200, body: [] },
      [`POST ${cancelPath(older)}`]: () => {
        list = [{ ...older, status: 'cancelled' }];
        return { status: 200, body: list[0] };
      },
    });
    renderWithProviders(<DeliveryTracking {...props} />);
    await user.click(
      await screen.findByRole('button', { name: 'Cancel delivery: Diamond necklace' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this delivery?' });
    expect(dialog).toHaveTextContent(
      'Diamond necklace will not be sent and goes back to your vault.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel delivery' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Delivery cancelled', {
        description: 'Diamond necklace is back in your vault.',
      }),
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('delivery-status')[0]).toHaveTextContent('Cancelled'),
    );
    expect(screen.queryByRole('button', { name: /Cancel delivery: / })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Diamond necklace' })).toHaveFocus();
    const post = fetchMock.mock.calls.find(([url]) => url === cancelPath(older));
    expect((post?.[1]?.headers as Record<string, string>)['idempotency-key']).toMatch(
      /^[0-9a-f-]{36}$/,
    );
  });

  it('ends the timeline with the cancellation, dated and marked as the latest', async () => {
    const cancelledAt = '2026-05-05T09:30:00.000Z';
    const [transit] = newer.tracking.filter((record) => record.status === 'in_transit');
    const recorded = {
      ...newer,
      id: 'd3333333-3333-4333-8333-333333333333',
      status: 'cancelled' as const,
      updatedAt: cancelledAt,
      tracking: [
        trackingRecord({
          id: 'e4444444-4444-4444-8444-444444444444',
          deliveryId: 'd3333333-3333-4333-8333-333333333333',
          status: 'cancelled',
          createdAt: cancelledAt,
        }),
        { ...transit!, deliveryId: 'd3333333-3333-4333-8333-333333333333' },
      ],
    };
    // Cancelled before the server recorded cancellations: the timeline still ends with it.
    const earlier = { ...newer, status: 'cancelled' as const, updatedAt: cancelledAt };
    stubApi({ [listPath]: { status: 200, body: [recorded, earlier] } });
    renderWithProviders(<DeliveryTracking {...props} />);
    const entries = await screen.findAllByTestId('delivery-entry');
    for (const entry of entries) {
      const records = within(entry).getAllByTestId('tracking-record');
      expect(records[0]).toHaveTextContent('Cancelled');
      expect(records[0]).toHaveTextContent('Latest');
      expect(records[0]).toHaveAttribute('aria-current', 'step');
      expect(within(records[0]!).getByText('May 5, 2026, 9:30 AM')).toHaveAttribute(
        'datetime',
        cancelledAt,
      );
      expect(records[1]).toHaveTextContent('In transit');
      expect(records[1]).not.toHaveTextContent('Latest');
      expect(records.filter((record) => record.textContent?.includes('Cancelled'))).toHaveLength(1);
    }
  });

  it('says when it has already shipped', async () => {
    const user = userEvent.setup();
    stubApi({
      [listPath]: { status: 200, body: [older] },
      [`POST ${cancelPath(older)}`]: {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'Shipped' } },
      },
    });
    renderWithProviders(<DeliveryTracking {...props} />);
    await user.click(await screen.findByRole('button', { name: /Cancel delivery: / }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Cancel delivery',
      }),
    );
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Could not cancel the delivery', {
        description: 'It has already shipped and can no longer be cancelled.',
      }),
    );
  });

  it('has an empty state that leads to a request', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    stubApi({ [listPath]: { status: 200, body: [] } });
    renderWithProviders(<DeliveryTracking {...props} onRequest={onRequest} />);
    const empty = await screen.findByTestId('deliveries-empty');
    expect(empty).toHaveTextContent('No delivery requests yet');
    await user.click(within(empty).getByRole('button', { name: 'Request Delivery' }));
    expect(onRequest).toHaveBeenCalledOnce();
  });

  it('says the requests could not be loaded, and loads them on retry', async () => {
    const user = userEvent.setup();
    let isDown = true;
    stubApi({
      [listPath]: () =>
        isDown
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } }
          : { status: 200, body: [older] },
    });
    renderWithProviders(<DeliveryTracking {...props} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading delivery requests');
    isDown = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('delivery-entry')).toHaveTextContent('Diamond necklace');
  });

  it('keeps what it showed when a refresh fails, and says the updates did not load', async () => {
    let isDown = false;
    stubApi({
      [listPath]: () =>
        isDown
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } }
          : { status: 200, body: [older] },
    });
    const { queryClient } = renderWithProviders(<DeliveryTracking {...props} />);
    await screen.findByTestId('delivery-entry');
    isDown = true;
    await queryClient.refetchQueries({ queryKey: ['me', 'deliveries'] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading tracking updates');
    expect(screen.getByTestId('delivery-entry')).toBeInTheDocument();
  });

  it('speaks Arabic', async () => {
    stubApi({ [listPath]: { status: 200, body: [newer] } });
    await i18next.changeLanguage('ar');
    renderWithProviders(<DeliveryTracking {...props} />);
    const entry = await screen.findByTestId('delivery-entry');
    expect(within(entry).getAllByTestId('delivery-status')[0]).toHaveTextContent('تم الشحن');
    expect(within(entry).getAllByTestId('tracking-record')[0]).toHaveTextContent('في الطريق');
    expect(within(entry).getAllByTestId('tracking-record')[0]).toHaveTextContent('الأحدث');
  });
});
