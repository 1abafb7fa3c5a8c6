// A verification's status as a badge in KYC Management, in the colours the app's other badges
// use (tinted backgrounds under foreground text, so both themes keep their contrast).
import type { KycStatus } from '@secure-vault/shared/kyc';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';

const tones: Record<KycStatus, string> = {
  not_started: 'bg-muted',
  draft: 'bg-accent/20',
  submitted: 'bg-primary/10 dark:bg-primary/20',
  approved: 'bg-success/15',
  rejected: 'bg-destructive/15',
};

export function KycStatusBadge({ status }: { status: KycStatus }) {
  const { t } = useTranslation('admin');
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold text-foreground',
        tones[status],
      )}
      data-testid="kyc-status-badge"
      data-status={status}
    >
      {t(`kyc.statuses.${status}`)}
    </span>
  );
}
