// The notification centre's routes (contracts: shared/notifications/contracts.ts): the notices,
// worded in the language the request asks in, the unread count, marking read, and what is mailed.
import type { FastifyInstance } from 'fastify';
import * as notifications from '@secure-vault/shared/notifications/contracts';
import type { AppContext } from '../../context.ts';
import { requestMeta } from '../../auth/request-meta.ts';
import { route } from '../../http/route.ts';
import { listNotices, markRead, unreadCount } from './notices.ts';
import { getPreferences, setPreferences } from './preferences.ts';

export function notificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, notifications.getNotifications, async (request, auth, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('vary', 'accept-language');
    const { language } = requestMeta(request);
    return listNotices(ctx, auth.user.id, language, request.query.cursor);
  });
  route(app, notifications.getUnreadNotifications, async (request, auth, reply) => {
    reply.header('cache-control', 'no-store');
    return unreadCount(ctx, auth.user.id);
  });
  route(app, notifications.markNotificationRead, async (request, auth) => {
    await markRead(ctx, auth.user.id, request.params.id);
    return null;
  });
  route(app, notifications.markAllNotificationsRead, async (request, auth) => {
    await markRead(ctx, auth.user.id, null);
    return null;
  });
  route(app, notifications.getNotificationPreferences, (request, auth) =>
    getPreferences(ctx, auth.user.id),
  );
  route(app, notifications.setNotificationPreferences, (request, auth) =>
    setPreferences(ctx, auth.user.id, request.body, requestMeta(request)),
  );
}
