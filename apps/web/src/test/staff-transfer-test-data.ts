// Transfers as the staff list answers them, and helpers to find them on screen and in the calls
// made, for the Transfer Management tests.
import { screen, within } from '@testing-library/react';
import type { AdminTransfer, AdminTransferPage } from '@secure-vault/shared/transfers';
import type { stubApi } from '@/test/render';

const amira = '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10';

export function transfer(overrides: Partial<AdminTransfer>): AdminTransfer {
  return {
    id: '7c1d0000-0000-4000-8000-000000000000',
    type: 'bank_deposit',
    status: 'pending',
    amount: '100.00',
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
    createdAt: '2026-03-02T09:30:00.000Z',
    updatedAt: '2026-03-02T09:30:00.000Z',
    userId: amira,
    userEmail: 'amira@example.com',
    userAccountNumber: '1234567897',
    counterpartyEmail: null,
    decidedAt: null,
    ...overrides,
  };
}

export const bankDeposit = transfer({
  id: '7c1d0000-0000-4000-8000-000000000001',
  reference: 'TXN1767000000000123',
});
export const cardDeposit = transfer({
  id: '7c1d0000-0000-4000-8000-000000000002',
  type: 'card_deposit',
  amount: '250.50',
  reference: 'TXN1767000000000456',
  cardLastFour: '4242',
  cardType: 'Visa',
});
export const withdrawal = transfer({
  id: '7c1d0000-0000-4000-8000-000000000003',
  type: 'withdrawal',
  amount: '75.00',
  reference: 'WTH1767000000000789',
  bankName: 'Emirates NBD',
  bankAccountNumber: '1014567890',
});
export const assetToCash = transfer({
  id: '7c1d0000-0000-4000-8000-000000000004',
  type: 'asset_to_cash',
  amount: '500.00',
  status: 'failed',
  reason: 'The holdings no longer cover it',
});
export const assetTransfer = transfer({
  id: '7c1d0000-0000-4000-8000-000000000005',
  type: 'asset_transfer',
  status: 'completed',
  amount: '57.00',
  direction: 'out',
  itemName: 'Gold',
  assetSymbol: 'AU',
  quantity: '1000.00000000',
  counterpartyEmail: 'omar@example.com',
  counterpartyAccountNumber: '9876543210',
});
export const items = [bankDeposit, cardDeposit, withdrawal, assetToCash, assetTransfer];
export const counts = { pending: 3, completed: 1, failed: 1, cancelled: 0 };

export function page(overrides: Partial<AdminTransferPage> = {}): AdminTransferPage {
  return { items, total: items.length, page: 1, pageSize: 25, counts, ...overrides };
}

export const listPath = '/api/v1/admin/transfers';
export const listUrl = `GET ${listPath}?page=1&pageSize=25`;
export const statusPath = (item: AdminTransfer) => `${listPath}/${item.type}/${item.id}/status`;

export type FetchMock = ReturnType<typeof stubApi>;

export function callsTo(fetchMock: FetchMock, path: string) {
  return fetchMock.mock.calls.filter(([url]) => url === path);
}

export function idempotencyKeyOf(call: Parameters<FetchMock>) {
  return new Headers(call[1]?.headers).get('idempotency-key');
}

export async function rowOf(item: AdminTransfer) {
  const table = await screen.findByTestId('transfers-table');
  const rows = within(table).getAllByTestId('transfer-row');
  const row = rows.find((candidate) => candidate.textContent?.includes(item.reference ?? ''));
  if (!row || !item.reference) throw new Error(`No row for ${item.id}`);
  return row;
}
