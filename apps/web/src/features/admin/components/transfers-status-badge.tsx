// A transfer's status (SPEC §4) as a badge in Transfer Management: pending amber, completed
// green, failed red, cancelled grey. Tinted backgrounds under foreground text, as the app's other
// badges, so both themes keep their contrast.
import type { TransferStatus } from '@secure-vault/shared/transfers';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';

const tones: Record<TransferStatus, string> = {
  pending: 'bg-accent/25',
  completed: 'bg-success/15',
  failed: 'bg-destructive/15',
  cancelled: 'bg-muted',
};

export function TransfersStatusBadge({ status }: { status: TransferStatus }) {
  const { t } = useTranslation('admin');
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold text-foreground',
        tones[status],
      )}
      data-testid="transfer-status-badge"
      data-status={status}
    >
      {t(`transfers.statuses.${status}`)}
    </span>
  );
}
