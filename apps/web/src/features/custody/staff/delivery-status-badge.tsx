// A delivery's or a tracking record's status as a badge (SPEC §4): pending yellow, processing
// blue, shipped purple, delivered green, cancelled red, any other grey. Tinted backgrounds under
// foreground text, as the app's other badges, so both themes keep their contrast; blue and purple
// have no token of their own, so they are tints of the palette, lighter in the dark theme.
import type { TrackingStatus } from '@secure-vault/shared/custody';
import { StatusBadge } from '@/components/ui/status-badge';
import { useTranslation } from '@/lib/i18n';

const tones: Record<TrackingStatus, string> = {
  pending: 'bg-accent/25',
  processing: 'bg-sky-500/15 dark:bg-sky-400/20',
  shipped: 'bg-violet-500/15 dark:bg-violet-400/25',
  in_transit: 'bg-muted',
  out_for_delivery: 'bg-muted',
  delivered: 'bg-success/15',
  cancelled: 'bg-destructive/15',
};

/** Every delivery status is also a tracking status, so one badge serves both. */
export function DeliveryStatusBadge({ status }: { status: TrackingStatus }) {
  const { t } = useTranslation('admin');
  return (
    <StatusBadge status={status} tone={tones[status]} testId="delivery-status-badge">
      {t(`delivery.statuses.${status}`)}
    </StatusBadge>
  );
}
