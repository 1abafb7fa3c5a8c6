// Notices as the centre's list answers them, for the bell's, the page's and the settings' tests.
import type { Notification, NotificationPage } from '@secure-vault/shared/notifications';

let serial = 0;

/** A notice made at a local date and time (month from 1), unread unless `readAt` says. */
export function notice(
  at: [year: number, month: number, day: number, hour: number, minute?: number],
  partial: Partial<Notification> = {},
): Notification {
  serial += 1;
  const [year, month, day, hour, minute = 0] = at;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    kind: 'transfer_received',
    category: 'money',
    title: `Notice ${String(serial)}`,
    body: ['A line about it.'],
    link: null,
    createdAt: new Date(year, month - 1, day, hour, minute).toISOString(),
    readAt: null,
    ...partial,
  };
}

export function noticePage(
  items: Notification[],
  nextCursor: string | null = null,
): NotificationPage {
  return { items, nextCursor };
}

/** The session of a signed-in customer, or of staff viewing their account. */
export function customerSession(impersonatedBy: { id: string; email: string } | null = null) {
  return {
    session: {
      user: { id: '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10', email: 'amira@example.com' },
      isAdmin: false,
      impersonatedBy,
      hasTwoFactor: false,
      hasPasskey: false,
    },
  };
}
