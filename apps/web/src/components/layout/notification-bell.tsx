// The header's bell (the notification centre, DESIGN §5): a link to /notifications carrying how
// many notices are unread, as a badge (none at 0, "99+" past 99) and in its name for screen
// readers ("Notifications, 3 unread"; "Notifications, 99+ unread" past 99). The `notifications` realtime topic refreshes the count
// (lib/change-keys.ts), so a notice made anywhere shows here at once.
import { NavLink } from 'react-router';
import { Bell } from 'lucide-react';
import * as notifications from '@secure-vault/shared/notifications/contracts';
import { paths } from '@secure-vault/shared/paths';
import { buttonVariants } from '@/components/ui/button';
import { useApiQuery } from '@/lib/api-query';
import { numberFormat } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';

/** The most the badge counts; beyond it, "99+". */
const badgeMax = 99;

/** The badge's text: the count in the page's digits, or "99+" past 99. */
function badgeText(count: number): string {
  const format = numberFormat(currentLanguage(), 'notification-badge', {});
  return count > badgeMax ? `${format.format(badgeMax)}+` : format.format(count);
}

export function NotificationBell() {
  const { t } = useTranslation('app');
  const { data } = useApiQuery(notifications.getUnreadNotifications);
  // Until the count answers, and if it fails, the bell is a plain link to the centre.
  const count = data?.unread ?? 0;
  // Past the badge's most, the name says what the badge shows ("99+"), so a voice user can say it.
  const label =
    count > badgeMax
      ? t('header.notificationsOverMax', { shown: badgeText(count) })
      : count > 0
        ? t('header.notificationsUnread', { count })
        : t('header.notifications');

  return (
    <NavLink
      to={paths.notifications}
      aria-label={label}
      data-testid="notification-bell"
      className={({ isActive }) =>
        buttonVariants({
          variant: 'ghost',
          size: 'sm',
          className: cn('relative px-2.5', isActive && 'bg-muted'),
        })
      }
    >
      <Bell aria-hidden />
      {count > 0 ? (
        <span
          aria-hidden
          className="absolute -top-1 end-0 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-accent px-1 text-xs font-semibold tabular-nums text-accent-foreground ring-2 ring-background"
          data-testid="notification-badge"
        >
          {badgeText(count)}
        </span>
      ) : null}
    </NavLink>
  );
}
