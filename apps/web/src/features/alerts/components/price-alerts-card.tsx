// Settings → Notifications, "Price alerts" (issue 29): every alert of the customer's, the waiting
// ones first and then the last ones that fired (when, and at what sell price), each naming its
// asset with a link to its page, where alerts are set, and each with Remove.
import { Link } from 'react-router';
import { BellRing } from 'lucide-react';
import { paths } from '@secure-vault/shared/paths';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useTranslation } from '@/lib/i18n';
import { usePriceAlerts } from '../api/get-price-alerts';
import { AlertList } from './alert-list';

function NoAlerts() {
  const { t } = useTranslation('trading');
  const link = 'font-medium text-foreground underline underline-offset-2';
  return (
    <p>
      {t('alerts.empty')}{' '}
      <Link to={paths.preciousMetals} className={link}>
        {t('alerts.emptyMetals')}
      </Link>
      {' · '}
      <Link to={paths.crypto} className={link}>
        {t('alerts.emptyCrypto')}
      </Link>
    </p>
  );
}

export function PriceAlertsCard() {
  const { t } = useTranslation(['trading', 'catalogue']);
  const alerts = usePriceAlerts();
  return (
    <Card data-testid="price-alerts-card">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold leading-tight">
          <BellRing aria-hidden className="size-5 text-accent-strong" />
          {t('alerts.listTitle')}
        </h2>
        <CardDescription>{t('alerts.listDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        <AlertList
          headingId="price-alerts-title"
          heading={t('alerts.yours')}
          items={alerts.data?.items}
          isPending={alerts.isPending}
          isError={alerts.isError}
          isRetrying={alerts.isFetching}
          onRetry={() => void alerts.refetch()}
          empty={<NoAlerts />}
          isAssetShown
        />
      </CardContent>
    </Card>
  );
}
