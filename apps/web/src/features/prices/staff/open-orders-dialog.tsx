// The open limit orders of one asset (issue 29), from its row of the Prices tab: who placed each,
// buy or sell, the quantity, the limit, what it holds of the customer's vault and when it was
// placed; above them, the cash the buys hold and the quantity the sells hold in all. Read only:
// an order fills when the book crosses its limit, or its customer cancels it.
import type { TFunction } from 'i18next';
import type { Asset } from '@secure-vault/shared/catalogue';
import type { OpenOrders } from '@secure-vault/shared/orders';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { assetName } from '@/lib/asset-name';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { formatAssetQuantity, formatUsd } from '@/lib/money';
import { useOpenOrders } from './api/get-open-orders';
import { formatBookPrice, unitText } from './price-text';

type OpenOrder = OpenOrders['items'][number];

const placedAt: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

function reservedText(t: TFunction, asset: Asset, order: OpenOrder): string {
  return order.side === 'buy'
    ? formatUsd(order.reserved)
    : formatAssetQuantity(t, asset, order.reserved);
}

function OrderItem({ asset, order }: { asset: Asset; order: OpenOrder }) {
  const { t } = useTranslation(['admin', 'catalogue']);
  return (
    <li className="grid gap-1 p-3 text-sm" data-testid="open-order" data-side={order.side}>
      <p className="flex flex-wrap items-baseline justify-between gap-x-3">
        <bdi dir="ltr" className="min-w-0 break-all font-medium">
          {order.email}
        </bdi>
        <span className="font-semibold">{t(`prices.orders.sides.${order.side}`)}</span>
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-0.5">
        <dt className="text-muted-foreground">{t('prices.orders.quantity')}</dt>
        <dd className="text-end tabular-nums">{formatAssetQuantity(t, asset, order.quantity)}</dd>
        <dt className="text-muted-foreground">{t('prices.orders.limit')}</dt>
        <dd className="text-end tabular-nums">
          {formatBookPrice(order.limitPrice)} {unitText(t, asset)}
        </dd>
        <dt className="text-muted-foreground">{t('prices.orders.reserved')}</dt>
        <dd className="text-end tabular-nums">{reservedText(t, asset, order)}</dd>
        <dt className="text-muted-foreground">{t('prices.orders.placed')}</dt>
        <dd className="text-end">
          <time dateTime={order.createdAt}>{formatDate(order.createdAt, undefined, placedAt)}</time>
        </dd>
      </dl>
    </li>
  );
}

function Orders({ asset }: { asset: Asset }) {
  const { t } = useTranslation(['admin', 'catalogue']);
  const query = useOpenOrders(asset.symbol);
  const { data } = query;
  if (!data) {
    return query.isError ? (
      <LoadError onRetry={() => void query.refetch()} isRetrying={query.isFetching}>
        {t('prices.orders.loadFailed')}
      </LoadError>
    ) : (
      <div className="grid gap-2" aria-busy="true" data-testid="open-orders-loading">
        <p role="status" className="sr-only">
          {t('prices.orders.loading')}
        </p>
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-md border bg-muted/40 p-3 text-sm">
        <dt className="text-muted-foreground">{t('prices.orders.totalCash')}</dt>
        <dd className="text-end font-semibold tabular-nums" data-testid="open-orders-cash">
          {formatUsd(data.reservedCash)}
        </dd>
        <dt className="text-muted-foreground">{t('prices.orders.totalQuantity')}</dt>
        <dd className="text-end font-semibold tabular-nums" data-testid="open-orders-quantity">
          {formatAssetQuantity(t, asset, data.reservedQuantity)}
        </dd>
      </dl>
      {data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="open-orders-empty">
          {t('prices.orders.empty', { asset: assetName(t, asset.symbol) })}
        </p>
      ) : (
        <ul className="divide-y rounded-md border" data-testid="open-orders">
          {data.items.map((order) => (
            <OrderItem key={order.id} asset={asset} order={order} />
          ))}
        </ul>
      )}
    </div>
  );
}

export function OpenOrdersDialog({ asset, onClose }: { asset: Asset | null; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'catalogue']);
  return (
    <Dialog
      open={asset !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
    >
      {asset ? (
        <DialogContent closeLabel={t('prices.orders.close')} data-testid="open-orders-dialog">
          <DialogHeader>
            <DialogTitle>
              {t('prices.orders.title', { asset: assetName(t, asset.symbol) })}
            </DialogTitle>
            <DialogDescription>{t('prices.orders.description')}</DialogDescription>
          </DialogHeader>
          <Orders key={asset.symbol} asset={asset} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
