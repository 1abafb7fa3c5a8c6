// Valuables, deliveries and tracking records as the API answers them, for the delivery tests.
import type { Delivery, TrackingRecord } from '@secure-vault/shared/custody';
import type { Valuable } from '@secure-vault/shared/vault';

const userId = '9a1c2b3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d';

export function valuable(overrides: Partial<Valuable> & Pick<Valuable, 'id'>): Valuable {
  return {
    userId,
    itemName: 'Diamond necklace',
    itemType: 'jewelry',
    estimatedValue: '12500.00',
    description: null,
    storageLocation: 'Vault A',
    assetSymbol: null,
    quantity: null,
    unit: null,
    status: 'active',
    dateStored: '2026-03-01T10:00:00.000Z',
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export const necklace = valuable({ id: '11111111-1111-4111-8111-111111111111' });
export const gold = valuable({
  id: '22222222-2222-4222-8222-222222222222',
  itemName: 'Gold',
  itemType: 'precious_metals',
  estimatedValue: '57.00',
  storageLocation: 'Secure Vault',
  assetSymbol: 'AU',
  quantity: '1000',
  unit: 'mg',
});
export const bitcoin = valuable({
  id: '33333333-3333-4333-8333-333333333333',
  itemName: 'Bitcoin',
  itemType: 'crypto',
  estimatedValue: '115000.00',
  storageLocation: 'Digital Wallet',
  assetSymbol: 'BTC',
  quantity: '1',
  unit: 'units',
});
export const cash = valuable({
  id: '44444444-4444-4444-8444-444444444444',
  itemName: 'Cash',
  itemType: 'cash',
  estimatedValue: '250.00',
  storageLocation: 'Account',
  assetSymbol: 'USD',
  quantity: null,
  unit: null,
});
export const fixedPainting = valuable({
  id: '55555555-5555-4555-8555-555555555555',
  itemName: 'Oil painting',
  itemType: 'artwork',
  estimatedValue: '40000.00',
  status: 'locked',
});
export const watchInDelivery = valuable({
  id: '66666666-6666-4666-8666-666666666666',
  itemName: 'Pocket watch',
  itemType: 'collectibles',
  estimatedValue: '3000.00',
  status: 'in_delivery',
});

export function trackingRecord(
  overrides: Partial<TrackingRecord> & Pick<TrackingRecord, 'id' | 'deliveryId'>,
): TrackingRecord {
  return {
    status: 'processing',
    location: null,
    message: null,
    createdAt: '2026-05-02T09:00:00.000Z',
    ...overrides,
  };
}

export function delivery(overrides: Partial<Delivery> & Pick<Delivery, 'id'>): Delivery {
  return {
    valuableId: necklace.id,
    itemName: necklace.itemName,
    itemType: necklace.itemType,
    assetSymbol: null,
    quantity: null,
    unit: null,
    estimatedValue: necklace.estimatedValue,
    recipientName: 'Amira Haddad',
    recipientEmail: 'amira@example.com',
    recipientPhone: '+971 50 123 4567',
    recipientAddress: '12 Palm Street, Tower B\nDubai 00000\nUnited Arab Emirates',
    status: 'pending',
    createdAt: '2026-05-01T08:00:00.000Z',
    updatedAt: '2026-05-01T08:00:00.000Z',
    tracking: [],
    ...overrides,
  };
}
