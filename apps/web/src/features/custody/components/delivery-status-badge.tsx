// A delivery's or a tracking record's status as a badge (SPEC §4): pending yellow, processing
// blue, shipped purple, delivered green, cancelled red, any other grey. The theme has no tokens
// for these hues, so each pairs a light tint and dark text with a dark-mode tint and light text,
// keeping AA contrast in both themes; the word is always there, so colour is never the only cue.
import type { DeliveryStatus, TrackingStatus } from '@secure-vault/shared/custody';
import { StatusBadge } from '@/components/ui/status-badge';
import { useTranslation } from '@/lib/i18n';

const tones: Partial<Record<TrackingStatus, string>> = {
  pending: 'bg-yellow-100 text-yellow-900 dark:bg-yellow-400/15 dark:text-yellow-200',
  processing: 'bg-blue-100 text-blue-900 dark:bg-blue-400/15 dark:text-blue-200',
  shipped: 'bg-purple-100 text-purple-900 dark:bg-purple-400/15 dark:text-purple-200',
  delivered: 'bg-green-100 text-green-900 dark:bg-green-400/15 dark:text-green-200',
  cancelled: 'bg-red-100 text-red-900 dark:bg-red-400/15 dark:text-red-200',
};
const otherTone = 'bg-muted text-foreground';

export function DeliveryStatusBadge({
  status,
  className,
}: {
  /** Delivery statuses are a subset of the tracking ones. */
  status: DeliveryStatus | TrackingStatus;
  className?: string;
}) {
  const { t } = useTranslation('custody');
  return (
    <StatusBadge
      status={status}
      tone={tones[status] ?? otherTone}
      toneHasText
      testId="delivery-status"
      className={className}
    >
      {t(`delivery.statuses.${status}`)}
    </StatusBadge>
  );
}
