// The recurring buys of an asset's page (issue 29): the "Buy every week / month" form, and the
// asset's plans not cancelled, each with Pause or Resume and Cancel. It sits under the order
// screen, in the same column; Settings → Notifications lists every plan, cancelled ones too.
import { Repeat } from 'lucide-react';
import type { Asset } from '@secure-vault/shared/catalogue';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useTranslation } from '@/lib/i18n';
import { useRecurringBuys } from '../api/get-recurring-buys';
import { RecurringBuyForm } from './recurring-buy-form';
import { RecurringList } from './recurring-list';

export function AssetRecurringBuys({ asset }: { asset: Asset }) {
  const { t } = useTranslation(['trading', 'catalogue']);
  const plans = useRecurringBuys();
  const kept = plans.data?.items.filter((plan) => plan.status !== 'cancelled');
  const name = t(`catalogue:${asset.symbol}.name`);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 pb-8 sm:pb-10">
      <Card data-testid="asset-recurring-buys">
        <CardHeader>
          <h2 className="flex items-center gap-2 text-lg font-semibold leading-tight">
            <Repeat aria-hidden className="size-5 text-accent-strong" />
            {t('recurring.title')}
          </h2>
          <CardDescription>{t('recurring.description', { name })}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <RecurringBuyForm key={asset.symbol} asset={asset} keptCount={kept?.length} />
          <RecurringList
            headingId="asset-recurring-title"
            heading={t('recurring.forAsset')}
            items={kept?.filter((plan) => plan.symbol === asset.symbol)}
            isPending={plans.isPending}
            isError={plans.isError}
            isRetrying={plans.isFetching}
            onRetry={() => void plans.refetch()}
            empty={t('recurring.noneForAsset', { name })}
          />
        </CardContent>
      </Card>
    </div>
  );
}
