// Two customers as the staff panel's user list shows them, for the admin components' tests: the
// second has a book balance a staff member recorded, waiting for another one's approval.
import type { AdminUser, AdminValuable } from '@secure-vault/shared/vault';

/** The staff member who recorded the pending book balance below. */
export const recorder = {
  id: '9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f',
  email: 'nadia@securevault.example',
} as const;

export const users: AdminUser[] = [
  {
    userId: '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10',
    email: 'amira@example.com',
    fullName: null,
    accountNumber: '1234567897',
    bookBalance: '0.00',
    bookBalanceRecordedBy: null,
    bookBalanceRecordedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  {
    userId: '6a8f3f8e-6f1c-4a53-9a43-7d1f1f2f4a11',
    email: 'omar@example.com',
    fullName: null,
    accountNumber: null,
    bookBalance: '150.00',
    bookBalanceRecordedBy: { ...recorder },
    bookBalanceRecordedAt: '2026-01-03T09:30:00.000Z',
    createdAt: '2026-01-02T00:00:00.000Z',
  },
];

/**
 * A custody item of a customer's (the first unless `userId` says), as Valuables Management lists
 * it: stored on 5 January, active, with what the test names.
 */
export function adminValuable(
  fields: Pick<AdminValuable, 'id' | 'itemName' | 'itemType' | 'estimatedValue'> &
    Partial<AdminValuable>,
): AdminValuable {
  const owner = users.find((user) => user.userId === fields.userId) ?? users[0]!;
  return {
    userId: owner.userId,
    userEmail: owner.email,
    description: null,
    storageLocation: null,
    assetSymbol: null,
    quantity: null,
    unit: null,
    status: 'active',
    dateStored: '2026-01-05T12:00:00.000Z',
    createdAt: '2026-01-05T12:00:00.000Z',
    ...fields,
  };
}
