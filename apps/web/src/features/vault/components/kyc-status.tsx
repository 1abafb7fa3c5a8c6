// The customer's identity verification on the dashboard (SPEC §2, DESIGN §5): "✓ KYC Complete"
// once approved; otherwise where it stands — pending with "Complete KYC", in progress with
// "Continue KYC", under review, or rejected with the reason and "Correct and resubmit".
import { Link } from 'react-router';
import { CircleAlert } from 'lucide-react';
import type { KycStatus as Status } from '@secure-vault/shared/kyc';
import { paths } from '@secure-vault/shared/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';

const badgeClass =
  'inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold text-foreground';

const badges: Record<Status, { key: string; tone: string }> = {
  not_started: { key: 'kyc.pending', tone: 'bg-accent/20' },
  draft: { key: 'kyc.inProgress', tone: 'bg-accent/20' },
  submitted: { key: 'kyc.underReview', tone: 'bg-primary/10 dark:bg-primary/20' },
  approved: { key: 'kyc.complete', tone: 'bg-success/15' },
  rejected: { key: 'kyc.rejected', tone: 'bg-destructive/15' },
};

/** The action that takes the customer on; a rejection's is beside its reason. */
const actions: Partial<Record<Status, string>> = {
  not_started: 'kyc.action',
  draft: 'kyc.continue',
};

/** `isReadOnly`: the badge alone, without its action (the offline vault offers none). */
export function KycStatus({
  status,
  isReadOnly = false,
}: {
  status: Status;
  isReadOnly?: boolean;
}) {
  const { t } = useTranslation('vault');
  const { key, tone } = badges[status];
  const action = isReadOnly ? undefined : actions[status];
  return (
    <span
      className="inline-flex flex-wrap items-center gap-2"
      data-testid="kyc-status"
      data-status={status}
    >
      <span className={cn(badgeClass, tone)}>{t(key)}</span>
      {action ? (
        <Button asChild size="sm" variant="accent">
          <Link to={paths.kyc}>{t(action)}</Link>
        </Button>
      ) : null}
    </span>
  );
}

/** A rejected verification: why, and the way back to correct it. */
export function KycRejectedNotice({ reason }: { reason: string | null }) {
  const { t } = useTranslation('vault');
  return (
    <Alert tone="danger" data-testid="kyc-rejected">
      <CircleAlert aria-hidden className="text-destructive" />
      <div className="grid gap-2">
        <h2 className="font-semibold">{t('kyc.rejectedTitle')}</h2>
        {reason ? (
          <p>
            <span className="font-medium">{t('kyc.reason')}</span>{' '}
            {/* Staff's own words, often in another script than the page: isolated, so their
                full stop stays at their end inside an Arabic sentence. */}
            <bdi className="break-words" data-testid="kyc-rejection-reason">
              {reason}
            </bdi>
          </p>
        ) : null}
        <p>{t('kyc.rejectedHelp')}</p>
        <div>
          <Button asChild size="sm" variant="accent">
            <Link to={paths.kyc}>{t('kyc.resubmit')}</Link>
          </Button>
        </div>
      </div>
    </Alert>
  );
}
