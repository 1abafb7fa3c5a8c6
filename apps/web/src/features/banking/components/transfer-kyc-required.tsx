// Sending value to another person needs approved identity verification (DESIGN §5): until then
// /transfer-assets shows only this notice, with the way to /kyc.
import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { paths } from '@secure-vault/shared/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';

export function TransferKycRequired() {
  const { t } = useTranslation('transfers');
  return (
    <Alert tone="warning" data-testid="kyc-required">
      <ShieldAlert aria-hidden />
      <div className="grid gap-2">
        <p className="font-semibold">{t('page.kycTitle')}</p>
        <p>{t('page.kycDescription')}</p>
        <Button asChild size="sm" className="justify-self-start">
          <Link to={paths.kyc}>{t('page.kycLink')}</Link>
        </Button>
      </div>
    </Alert>
  );
}
