// Two customers as the staff panel's user list shows them, for the admin components' tests.
import type { AdminUser } from '@secure-vault/shared/vault';

export const users: AdminUser[] = [
  {
    userId: '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10',
    email: 'amira@example.com',
    fullName: null,
    accountNumber: '1234567897',
    bookBalance: '0.00',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  {
    userId: '6a8f3f8e-6f1c-4a53-9a43-7d1f1f2f4a11',
    email: 'omar@example.com',
    fullName: null,
    accountNumber: null,
    bookBalance: '150.00',
    createdAt: '2026-01-02T00:00:00.000Z',
  },
];
