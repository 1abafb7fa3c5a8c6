// Delivery requests and tracking records as the staff lists answer them, and helpers to find them
// on screen and in the calls made, for the Delivery Management and Tracking tests.
import { screen, within } from '@testing-library/react';
import type {
  AdminDelivery,
  AdminTrackingRecord,
  TrackingRecord,
} from '@secure-vault/shared/custody';
import type { stubApi } from '@/test/render';

const amira = '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10';

export function delivery(overrides: Partial<AdminDelivery>): AdminDelivery {
  return {
    id: '5d1e0000-0000-4000-8000-000000000000',
    valuableId: '6a2b0000-0000-4000-8000-000000000000',
    itemName: 'Diamond necklace',
    itemType: 'jewelry',
    assetSymbol: null,
    quantity: null,
    unit: null,
    estimatedValue: '12500.00',
    recipientName: 'Amira Haddad',
    recipientEmail: 'amira.home@example.com',
    recipientPhone: '+971501234567',
    recipientAddress: '12 Palm Street\nDubai',
    status: 'pending',
    createdAt: '2026-03-02T09:30:00.000Z',
    updatedAt: '2026-03-02T09:30:00.000Z',
    tracking: [],
    userId: amira,
    userEmail: 'amira@example.com',
    ...overrides,
  };
}

export function record(overrides: Partial<TrackingRecord>): TrackingRecord {
  return {
    id: '7e3f0000-0000-4000-8000-000000000000',
    deliveryId: '5d1e0000-0000-4000-8000-000000000001',
    status: 'processing',
    location: null,
    message: null,
    createdAt: '2026-03-03T10:00:00.000Z',
    ...overrides,
  };
}

export const necklace = delivery({ id: '5d1e0000-0000-4000-8000-000000000001' });
export const gold = delivery({
  id: '5d1e0000-0000-4000-8000-000000000002',
  itemName: 'Gold',
  itemType: 'precious_metals',
  assetSymbol: 'AU',
  quantity: '1000.00000000',
  unit: 'mg',
  estimatedValue: '57.00',
  recipientName: 'Omar Saleh',
  recipientEmail: 'omar@example.com',
  recipientPhone: '+442079460958',
  recipientAddress: '1 King Street, London',
  status: 'processing',
  userEmail: 'omar.customer@example.com',
  tracking: [
    record({
      id: '7e3f0000-0000-4000-8000-000000000002',
      deliveryId: '5d1e0000-0000-4000-8000-000000000002',
      status: 'processing',
      location: 'Dubai vault',
      message: 'Packed and sealed',
      createdAt: '2026-03-04T08:00:00.000Z',
    }),
    record({
      id: '7e3f0000-0000-4000-8000-000000000001',
      deliveryId: '5d1e0000-0000-4000-8000-000000000002',
      status: 'pending',
      createdAt: '2026-03-03T08:00:00.000Z',
    }),
  ],
});
export const painting = delivery({
  id: '5d1e0000-0000-4000-8000-000000000003',
  itemName: 'Oil painting',
  itemType: 'artwork',
  recipientName: 'Layla Nasser',
  status: 'shipped',
});
export const watch = delivery({
  id: '5d1e0000-0000-4000-8000-000000000004',
  itemName: 'Watch',
  recipientName: 'Sami Aziz',
  status: 'delivered',
});
export const ring = delivery({
  id: '5d1e0000-0000-4000-8000-000000000005',
  itemName: 'Ring',
  recipientName: 'Nour Khalil',
  status: 'cancelled',
});
export const deliveries = [necklace, gold, painting, watch, ring];

export const listPath = '/api/v1/admin/deliveries';
export const listUrl = `GET ${listPath}`;
export const statusPath = (item: AdminDelivery) => `${listPath}/${item.id}/status`;
export const trackingPath = (item: AdminDelivery) => `${listPath}/${item.id}/tracking`;
export const trackingListUrl = 'GET /api/v1/admin/tracking';

export function adminRecord(overrides: Partial<AdminTrackingRecord>): AdminTrackingRecord {
  return {
    ...record({}),
    recipientName: 'Omar Saleh',
    userId: '1c2d0000-0000-4000-8000-000000000000',
    userEmail: 'omar.customer@example.com',
    ...overrides,
  };
}

export type FetchMock = ReturnType<typeof stubApi>;

export function callsTo(fetchMock: FetchMock, path: string) {
  return fetchMock.mock.calls.filter(([url]) => url === path);
}

export function idempotencyKeyOf(call: Parameters<FetchMock>) {
  return new Headers(call[1]?.headers).get('idempotency-key');
}

/** The table row of a request, found by its recipient. */
export async function rowOf(item: AdminDelivery) {
  const table = await screen.findByTestId('delivery-table');
  const row = within(table)
    .getAllByTestId('delivery-row')
    .find((candidate) => candidate.textContent?.includes(item.recipientName));
  if (!row) throw new Error(`No row for ${item.recipientName}`);
  return row;
}
