// A delivery's tracking records (SPEC §2, §4): newest first, the newest highlighted and marked as
// the latest, each with its status, time, and the place and message staff gave; a cancelled
// delivery's ends with its cancellation.
import { MapPin } from 'lucide-react';
import type { Delivery, TrackingRecord } from '@secure-vault/shared/custody';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { StatusBadge } from '@/components/ui/status-badge';
import { deliveryStatusTones } from '../delivery-status';

const dateTime: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** Newest first, whatever order they came in (the server's is the same; equal times keep it). */
export function newestFirst<T extends { createdAt: string }>(records: readonly T[]): T[] {
  return [...records].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/**
 * A delivery's records, ending with its cancellation: the server records one when a delivery is
 * cancelled (ledger_delivery_status); one cancelled before it did gets it here, dated when the
 * delivery last changed, so an "In transit" record is never left as the latest word.
 */
export function trackingOf(
  delivery: Pick<Delivery, 'id' | 'status' | 'updatedAt' | 'tracking'>,
): TrackingRecord[] {
  const records = newestFirst(delivery.tracking);
  if (delivery.status !== 'cancelled' || records[0]?.status === 'cancelled') return records;
  const cancellation: TrackingRecord = {
    id: `${delivery.id}-cancelled`,
    deliveryId: delivery.id,
    status: 'cancelled',
    location: null,
    message: null,
    createdAt: delivery.updatedAt,
  };
  return [cancellation, ...records];
}

export function DeliveryTimeline({
  records,
  labelId,
}: {
  records: readonly TrackingRecord[];
  /** The id of the heading that names the list. */
  labelId: string;
}) {
  const { t } = useTranslation('custody');
  if (records.length === 0) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="tracking-none">
        {t('delivery.tracking.noUpdates')}
      </p>
    );
  }
  return (
    <ol aria-labelledby={labelId} className="grid gap-2" data-testid="tracking-records">
      {newestFirst(records).map((record, index) => {
        const isLatest = index === 0;
        return (
          <li
            key={record.id}
            className={cn(
              'relative grid gap-1 rounded-md border p-3 ps-4',
              isLatest
                ? 'border-accent bg-accent/10 before:absolute before:inset-y-2 before:start-0 before:w-1 before:rounded-full before:bg-accent'
                : 'border-border',
            )}
            aria-current={isLatest ? 'step' : undefined}
            data-testid="tracking-record"
            data-latest={isLatest ? 'true' : undefined}
          >
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <StatusBadge
                status={record.status}
                tones={deliveryStatusTones}
                label={t(`delivery.statuses.${record.status}`)}
                testId="delivery-status"
              />
              {isLatest ? (
                <span className="text-xs font-semibold uppercase tracking-wide text-accent-strong">
                  {t('delivery.tracking.latest')}
                </span>
              ) : null}
              <time
                dateTime={record.createdAt}
                className="ms-auto text-xs text-muted-foreground tabular-nums"
              >
                {formatDate(record.createdAt, undefined, dateTime)}
              </time>
            </div>
            {record.location ? (
              <p className="flex items-center gap-1.5 text-sm font-medium">
                <MapPin aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                <span className="sr-only">{t('delivery.tracking.location')}</span>
                <bdi>{record.location}</bdi>
              </p>
            ) : null}
            {record.message ? (
              <p
                dir="auto"
                className="whitespace-pre-line break-words text-sm text-muted-foreground rtl:text-right"
              >
                {record.message}
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
