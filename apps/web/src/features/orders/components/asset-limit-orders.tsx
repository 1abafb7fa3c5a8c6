// The limit orders of an asset's page (issue 29): the form that places one, and the asset's orders,
// the open ones first with Cancel, then the last ones closed. It sits under the order screen, in
// the same column as the price alert and the recurring buys; the page brings the book's prices on
// each side (features do not import each other).
import { ListOrdered } from 'lucide-react';
import type { Asset } from '@secure-vault/shared/catalogue';
import type { LimitOrder } from '@secure-vault/shared/orders';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useTranslation } from '@/lib/i18n';
import { useLimitOrders } from '../api/get-limit-orders';
import type { SidePrices } from '../hooks/use-limit-order-form';
import { LimitOrderForm } from './limit-order-form';
import { LimitOrderList } from './limit-order-list';

const isOpen = (order: LimitOrder) => order.status === 'open';

/** The asset's orders, the open ones first; the server's order (newest first) kept within each. */
function ofAsset(items: readonly LimitOrder[] | undefined, symbol: string) {
  const mine = items?.filter((order) => order.symbol === symbol);
  return mine && [...mine.filter(isOpen), ...mine.filter((order) => !isOpen(order))];
}

export function AssetLimitOrders({ asset, prices }: { asset: Asset; prices: SidePrices }) {
  const { t } = useTranslation(['trading', 'catalogue']);
  const orders = useLimitOrders();
  const name = t(`catalogue:${asset.symbol}.name`);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 pb-8 sm:pb-10">
      <Card data-testid="asset-limit-orders">
        <CardHeader>
          <h2 className="flex items-center gap-2 text-lg font-semibold leading-tight">
            <ListOrdered aria-hidden className="size-5 text-accent-strong" />
            {t('orders.title')}
          </h2>
          <CardDescription>{t('orders.description', { name })}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <LimitOrderForm
            key={asset.symbol}
            asset={asset}
            prices={prices}
            openCount={orders.data?.items.filter(isOpen).length}
          />
          <LimitOrderList
            headingId="asset-orders-title"
            heading={t('orders.forAsset')}
            items={ofAsset(orders.data?.items, asset.symbol)}
            isPending={orders.isPending}
            isError={orders.isError}
            isRetrying={orders.isFetching}
            onRetry={() => void orders.refetch()}
            empty={t('orders.noneForAsset', { name })}
          />
        </CardContent>
      </Card>
    </div>
  );
}
