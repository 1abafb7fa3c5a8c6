// The notification centre's operations (DESIGN §5): the customer's notices, newest first, the
// unread count the bell shows, marking read, and which categories are also mailed. Changing what
// is mailed is itself a security notice, mailed whatever the choice.
import { defineContract } from '../contract.ts';
import { noContent } from '../contract-schemas.ts';
import {
  notificationListQuerySchema,
  notificationPageSchema,
  notificationParamsSchema,
  notificationPreferencesInputSchema,
  notificationPreferencesSchema,
  unreadCountSchema,
} from '../notifications.ts';

const tag = 'notifications';

export const getNotifications = defineContract({
  method: 'GET',
  path: '/api/v1/me/notifications',
  access: 'user',
  tag,
  summary: 'Your notices, newest first, a page at a time, worded in the language you ask in',
  query: notificationListQuerySchema,
  status: 200,
  response: notificationPageSchema,
  errors: [],
});

export const getUnreadNotifications = defineContract({
  method: 'GET',
  path: '/api/v1/me/notifications/unread',
  access: 'user',
  tag,
  summary: 'How many of your notices you have not read',
  status: 200,
  response: unreadCountSchema,
  errors: [],
});

export const markNotificationRead = defineContract({
  method: 'POST',
  path: '/api/v1/me/notifications/:id/read',
  access: 'user',
  tag,
  summary: 'Mark one of your notices read',
  description:
    'Another customer’s notice, or one that does not exist, is NOT_FOUND. A staff member signed in as the customer cannot mark what the customer has not read.',
  params: notificationParamsSchema,
  status: 204,
  response: noContent,
  errors: ['NOT_FOUND'],
  refusesImpersonation: true,
  changes: ['notifications'],
});

export const markAllNotificationsRead = defineContract({
  method: 'POST',
  path: '/api/v1/me/notifications/read-all',
  access: 'user',
  tag,
  summary: 'Mark every one of your notices read',
  status: 204,
  response: noContent,
  errors: [],
  refusesImpersonation: true,
  changes: ['notifications'],
});

export const getNotificationPreferences = defineContract({
  method: 'GET',
  path: '/api/v1/me/notification-preferences',
  access: 'user',
  tag,
  summary: 'Which categories of notice are also mailed to you',
  status: 200,
  response: notificationPreferencesSchema,
  errors: [],
});

export const setNotificationPreferences = defineContract({
  method: 'PUT',
  path: '/api/v1/me/notification-preferences',
  access: 'user',
  tag,
  summary: 'Choose which categories of notice are also mailed to you',
  description:
    'Security notices are always mailed and have no switch. The change is itself a security notice.',
  body: notificationPreferencesInputSchema,
  status: 200,
  response: notificationPreferencesSchema,
  errors: [],
  refusesImpersonation: true,
  changes: ['notifications'],
});
