// The customer the /transfer-assets tests send from: an approved account, and a vault holding
// cash, gold, bitcoin, a ring, a fixed-term silver holding, a painting out for delivery, a
// negative entry and an empty cash line that the picker leaves out.
import type { Valuable } from '@secure-vault/shared/vault';

export const ownAccountNumber = '1234567897';
/** Valid (Luhn) numbers of other customers. */
export const receiverNumber = '4000123457';
export const unknownNumber = '9876543217';

export const account = {
  accountNumber: ownAccountNumber,
  cashBalance: '250.00',
  totalAssets: '5807.00',
  convertibleAssets: '5807.00',
  kycStatus: 'approved',
} as const;

let counter = 0;
function valuable(fields: Partial<Valuable> & Pick<Valuable, 'itemName' | 'itemType'>): Valuable {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    userId: '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10',
    estimatedValue: null,
    description: null,
    storageLocation: null,
    assetSymbol: null,
    quantity: null,
    unit: null,
    status: 'active',
    dateStored: '2026-01-05T10:00:00.000Z',
    createdAt: '2026-01-05T10:00:00.000Z',
    ...fields,
  };
}

export const ring = valuable({
  itemName: 'Diamond ring',
  itemType: 'jewelry',
  estimatedValue: '5000.00',
});
export const gold = valuable({
  itemName: 'Gold',
  itemType: 'precious_metals',
  estimatedValue: '57.00000000',
  assetSymbol: 'AU',
  quantity: '1000.00000000',
  unit: 'mg',
});
export const bitcoin = valuable({
  itemName: 'Bitcoin',
  itemType: 'crypto',
  estimatedValue: '500.25000000',
  assetSymbol: 'BTC',
  quantity: '0.00435000',
  unit: 'units',
});
export const cash = valuable({
  itemName: 'Cash',
  itemType: 'cash',
  estimatedValue: '250.00000000',
  assetSymbol: 'USD',
});
export const fixedSilver = valuable({
  itemName: 'Silver',
  itemType: 'precious_metals',
  estimatedValue: '8.40000000',
  assetSymbol: 'AG',
  quantity: '10000.00000000',
  unit: 'mg',
  status: 'locked',
});
export const painting = valuable({
  itemName: 'Oil painting',
  itemType: 'artwork',
  estimatedValue: '1200.00',
  status: 'in_delivery',
});
export const reduction = valuable({
  itemName: 'Storage fee',
  itemType: 'other',
  estimatedValue: '-20.00',
});
export const emptyCash = valuable({
  itemName: 'Cash',
  itemType: 'cash',
  estimatedValue: '0.00000000',
  assetSymbol: 'USD',
  status: 'locked',
});

export const valuables: Valuable[] = [
  ring,
  gold,
  fixedSilver,
  bitcoin,
  painting,
  reduction,
  emptyCash,
  cash,
];

export const recipient = { accountNumber: receiverNumber, maskedName: 'J*** D***' };

export const recipientPath = (number: string) =>
  `GET /api/v1/transfers/recipient?accountNumber=${number}`;

export const savedRecipientsPath = 'GET /api/v1/me/recipients';
/** The customer's saved recipients: the receiver's number, and a nickname that is markup. */
export const savedRecipients = [
  {
    id: '7c1d2e3f-4a5b-4c6d-8e7f-000000000001',
    accountNumber: receiverNumber,
    nickname: 'Jane (sister)',
    createdAt: '2026-01-10T10:00:00.000Z',
  },
  {
    id: '7c1d2e3f-4a5b-4c6d-8e7f-000000000002',
    accountNumber: '5550001118',
    nickname: '<b>Landlord</b>',
    createdAt: '2026-01-11T10:00:00.000Z',
  },
];

export function completedTransfer(overrides: Record<string, unknown> = {}) {
  return {
    id: '3f2a9c1b-7d4e-4f00-8a11-0123456789ab',
    type: 'asset_transfer',
    status: 'completed',
    amount: '100.00000000',
    reference: null,
    direction: 'out',
    counterpartyAccountNumber: receiverNumber,
    counterpartyName: 'J*** D***',
    itemName: 'Cash',
    assetSymbol: 'USD',
    quantity: null,
    bankName: null,
    bankAccountNumber: null,
    cardLastFour: null,
    cardType: null,
    reason: null,
    createdAt: '2026-02-01T10:00:00.000Z',
    updatedAt: '2026-02-01T10:00:00.000Z',
    ...overrides,
  };
}
