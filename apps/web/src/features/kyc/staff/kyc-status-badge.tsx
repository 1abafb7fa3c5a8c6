// A verification's status as a badge in KYC Management, in the colours the app's other badges
// use (tinted backgrounds under foreground text, so both themes keep their contrast).
import type { KycStatus } from '@secure-vault/shared/kyc';
import { StatusBadge } from '@/components/ui/status-badge';
import { useTranslation } from '@/lib/i18n';

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
    <StatusBadge status={status} tone={tones[status]} testId="kyc-status-badge">
      {t(`kyc.statuses.${status}`)}
    </StatusBadge>
  );
}
