import { Link } from 'react-router';
import { paths } from '@secure-vault/shared/paths';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';

/** SPEC §2: "✓ KYC Complete", or pending with a "Complete KYC" action. */
export function KycStatus({ isComplete }: { isComplete: boolean }) {
  const { t } = useTranslation('vault');
  if (isComplete) {
    return (
      <span
        className="inline-flex items-center rounded-full bg-success/15 px-3 py-1 text-sm font-semibold text-foreground"
        data-testid="kyc-status"
      >
        {t('kyc.complete')}
      </span>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-2" data-testid="kyc-status">
      <span className="inline-flex items-center rounded-full bg-accent/20 px-3 py-1 text-sm font-semibold text-foreground">
        {t('kyc.pending')}
      </span>
      <Button asChild size="sm" variant="accent">
        <Link to={paths.kyc}>{t('kyc.action')}</Link>
      </Button>
    </span>
  );
}
