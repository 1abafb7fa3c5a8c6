// The centre's notices by day, newest first: "Today", "Yesterday", then each earlier day under its
// date in the page's language (Arabic with Latin digits, lib/format.ts).
import { useMemo } from 'react';
import type { Notification } from '@secure-vault/shared/notifications';
import { Card } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { type DayLabel, groupByDay } from '../notification-days';
import { NotificationItem } from './notification-item';

export function NotificationList({
  items,
  canMarkRead,
  onRead,
}: {
  items: readonly Notification[];
  /** False while staff view the account: they do not mark the customer's notices read. */
  canMarkRead: boolean;
  onRead: (id: string) => void;
}) {
  const { t } = useTranslation('notifications');
  const days = useMemo(() => groupByDay(items), [items]);
  const dayText = (label: DayLabel) =>
    label.kind === 'date'
      ? formatDate(label.date, undefined, { dateStyle: 'full' })
      : t(`days.${label.kind}`);

  return (
    <div className="grid gap-6" data-testid="notification-list">
      {days.map((day) => (
        <section key={day.key} aria-labelledby={`notifications-${day.key}`}>
          <h2
            id={`notifications-${day.key}`}
            className="mb-2 text-sm font-semibold text-muted-foreground"
            data-testid="notification-day"
          >
            {dayText(day.label)}
          </h2>
          <Card className="overflow-hidden">
            <ul className="divide-y">
              {day.items.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  canMarkRead={canMarkRead}
                  onRead={onRead}
                />
              ))}
            </ul>
          </Card>
        </section>
      ))}
    </div>
  );
}
