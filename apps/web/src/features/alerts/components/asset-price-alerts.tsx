// The price alert of an asset's page (issue 29): the sell price now, for reference, the form
// that sets an alert on it, and the asset's alerts still waiting, each with Remove. The page
// brings the sell price from the trading screen's price book (features do not import each other).
// It sits under the order screen, in the same column.
import { BellRing } from 'lucide-react';
import type { Asset } from '@secure-vault/shared/catalogue';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useTranslation } from '@/lib/i18n';
import { usePriceAlerts } from '../api/get-price-alerts';
import { alertPriceText } from '../alert-text';
import { AlertList } from './alert-list';
import { PriceAlertForm } from './price-alert-form';

export function AssetPriceAlerts({ asset, sellPrice }: { asset: Asset; sellPrice: string }) {
  const { t } = useTranslation(['trading', 'catalogue']);
  const alerts = usePriceAlerts();
  const waiting = alerts.data?.items.filter((alert) => alert.firedAt === null);
  const name = t(`catalogue:${asset.symbol}.name`);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 pb-8 -mt-2 sm:pb-10 sm:-mt-4">
      <Card data-testid="asset-price-alerts">
        <CardHeader>
          <h2 className="flex items-center gap-2 text-lg font-semibold leading-tight">
            <BellRing aria-hidden className="size-5 text-accent-strong" />
            {t('alerts.title')}
          </h2>
          <CardDescription>{t('alerts.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <p className="text-sm">
            <span className="text-muted-foreground">{t('alerts.sellNow')} </span>
            <span className="font-semibold tabular-nums" data-testid="alert-sell-price">
              {alertPriceText(t, asset.symbol, sellPrice)}
            </span>
          </p>
          <PriceAlertForm key={asset.symbol} asset={asset} waitingCount={waiting?.length} />
          <AlertList
            headingId="asset-alerts-title"
            heading={t('alerts.waiting')}
            items={waiting?.filter((alert) => alert.symbol === asset.symbol)}
            isPending={alerts.isPending}
            isError={alerts.isError}
            isRetrying={alerts.isFetching}
            onRetry={() => void alerts.refetch()}
            empty={t('alerts.noneWaiting', { name })}
          />
        </CardContent>
      </Card>
    </div>
  );
}
