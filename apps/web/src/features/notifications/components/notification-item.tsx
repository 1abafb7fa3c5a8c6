// One notice of the centre: its category, title, lines and time, a dot while it is unread, and
// the page it is about when it has one. The notice's control is stretched over the whole row (as
// the history list's rows are), so clicking anywhere on it works it: the link to its page, which
// also marks it read, or, for an unread notice without a page, "Mark as read".
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import type { Notification } from '@secure-vault/shared/notifications';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { categoryIcons } from '../categories';

const stretched =
  'outline-none after:absolute after:inset-0 focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-ring';

/**
 * The notice's page as a path of this app, or null. Only such a path becomes a link: never
 * another site (`//host`, or `/\host`, which browsers read the same), whatever a notice says.
 */
function appPathOf(link: string | null): string | null {
  return link !== null && /^\/(?![/\\])[^\\]*$/.test(link) ? link : null;
}

export function NotificationItem({
  notification,
  canMarkRead,
  onRead,
}: {
  notification: Notification;
  canMarkRead: boolean;
  onRead: (id: string) => void;
}) {
  const { t } = useTranslation('notifications');
  const { title, category } = notification;
  const isUnread = notification.readAt === null;
  const path = appPathOf(notification.link);
  const Icon = categoryIcons[category];
  const markRead = () => {
    if (isUnread && canMarkRead) onRead(notification.id);
  };

  return (
    <li
      className={cn(
        'relative flex gap-3 px-4 py-4 sm:px-6',
        (path !== null || (isUnread && canMarkRead)) &&
          'transition-colors focus-within:bg-muted/60 hover:bg-muted/60',
        isUnread && 'bg-accent/5',
      )}
      data-testid="notification-item"
      data-unread={isUnread}
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-accent-strong">
        <Icon aria-hidden className="size-4" />
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <h3
          className={cn(
            'flex items-center gap-2 break-words',
            isUnread ? 'font-semibold' : 'font-medium',
          )}
        >
          {isUnread ? (
            <>
              <span
                aria-hidden
                className="size-2 shrink-0 rounded-full bg-accent-strong"
                data-testid="notification-unread"
              />
              <span className="sr-only">{t('unread')}</span>
            </>
          ) : null}
          {path === null ? (
            <span className="min-w-0">{title}</span>
          ) : (
            <Link to={path} onClick={markRead} className={cn('min-w-0', stretched)}>
              {title}
            </Link>
          )}
        </h3>
        <NoticeText notification={notification} />
        {path !== null ? (
          <span
            aria-hidden
            className="inline-flex items-center gap-1 justify-self-start text-sm font-medium text-accent-strong"
          >
            {t('open')}
            <ChevronRight className="size-4 rtl:rotate-180" />
          </span>
        ) : isUnread && canMarkRead ? (
          <Button
            variant="link"
            size="sm"
            className={cn('h-auto justify-self-start p-0', stretched)}
            aria-label={t('markReadNamed', { title })}
            onClick={markRead}
          >
            {t('markRead')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** The notice's category and time, then its lines. */
function NoticeText({ notification }: { notification: Notification }) {
  const { t } = useTranslation('notifications');
  const { body, category, createdAt } = notification;
  return (
    <>
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
        <span data-testid="notification-category">{t(`categories.${category}`)}</span>
        <span aria-hidden>·</span>
        <time dateTime={createdAt}>{formatDate(createdAt, undefined, { timeStyle: 'short' })}</time>
      </p>
      <div className="grid gap-0.5 text-sm text-muted-foreground">
        {body.map((line, index) => (
          <p key={index} className="break-words">
            <LineWithLinks line={line} />
          </p>
        ))}
      </div>
    </>
  );
}

/** An address in a notice's line, and what may trail it without being part of it. */
const addressPattern = /(https?:\/\/[^\s]+?)([.,;:!?)]*)(?=\s|$)/g;

/**
 * A line as its mail wrote it, with each address of this app (same origin) a link to its page
 * here: "End all sessions at …/settings/sessions" opens Sessions. Other addresses stay text.
 */
function LineWithLinks({ line }: { line: string }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of line.matchAll(addressPattern)) {
    const [, address = '', trailing = ''] = match;
    const path = samePagePath(address);
    if (path === null) continue;
    parts.push(
      line.slice(last, match.index),
      <Link key={match.index} to={path} className="relative z-10 underline underline-offset-2">
        {address}
      </Link>,
      trailing,
    );
    last = match.index + match[0].length;
  }
  parts.push(line.slice(last));
  return <>{parts}</>;
}

/** The path of an address on this app's own origin, or null for any other. */
function samePagePath(address: string): string | null {
  try {
    const url = new URL(address);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}
