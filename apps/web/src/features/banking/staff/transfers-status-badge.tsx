// A transfer's status (SPEC §4) as a badge in Transfer Management: pending amber, completed
// green, failed red, cancelled grey. Tinted backgrounds under foreground text, as the app's other
// badges, so both themes keep their contrast.
import type { TransferStatus } from '@secure-vault/shared/transfers';
import { StatusBadge } from '@/components/ui/status-badge';
import { useTranslation } from '@/lib/i18n';

const tones: Record<TransferStatus, string> = {
  pending: 'bg-accent/25',
  completed: 'bg-success/15',
  failed: 'bg-destructive/15',
  cancelled: 'bg-muted',
};

export function TransfersStatusBadge({ status }: { status: TransferStatus }) {
  const { t } = useTranslation('admin');
  return (
    <StatusBadge status={status} tone={tones[status]} testId="transfer-status-badge">
      {t(`transfers.statuses.${status}`)}
    </StatusBadge>
  );
}
