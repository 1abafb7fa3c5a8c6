// Settings → Notifications, "Recurring buys" (issue 29), beside the price alerts: every plan of
// the customer's, active and paused first, then cancelled ones, each naming its asset with a link
// to its page (where plans are set up), its status, next buy and last periods, and Pause or Resume
// and Cancel. Each period that runs is told by a notice (a money movement's).
import { Link } from 'react-router';
import { Repeat } from 'lucide-react';
import { paths } from '@secure-vault/shared/paths';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useTranslation } from '@/lib/i18n';
import { useRecurringBuys } from '../api/get-recurring-buys';
import { RecurringList } from './recurring-list';

function NoPlans() {
  const { t } = useTranslation('trading');
  const link = 'font-medium text-foreground underline underline-offset-2';
  return (
    <p>
      {t('recurring.empty')}{' '}
      <Link to={paths.preciousMetals} className={link}>
        {t('recurring.emptyMetals')}
      </Link>
      {' · '}
      <Link to={paths.crypto} className={link}>
        {t('recurring.emptyCrypto')}
      </Link>
    </p>
  );
}

export function RecurringBuysCard() {
  const { t } = useTranslation(['trading', 'catalogue']);
  const plans = useRecurringBuys();
  return (
    <Card data-testid="recurring-buys-card">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold leading-tight">
          <Repeat aria-hidden className="size-5 text-accent-strong" />
          {t('recurring.listTitle')}
        </h2>
        <CardDescription>{t('recurring.listDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        <RecurringList
          headingId="recurring-buys-title"
          heading={t('recurring.yours')}
          items={plans.data?.items}
          isPending={plans.isPending}
          isError={plans.isError}
          isRetrying={plans.isFetching}
          onRetry={() => void plans.refetch()}
          empty={<NoPlans />}
          isAssetShown
        />
      </CardContent>
    </Card>
  );
}
