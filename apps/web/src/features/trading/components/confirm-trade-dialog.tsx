// The last look before an order goes to the server (SPEC §5): quantity, the price it is priced
// at (the book's, decision 028) and the exact charge or credit, from the same quote() the server
// uses.
import type { Asset } from '@secure-vault/shared/catalogue';
import type { Quote } from '@secure-vault/shared/trading';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n';
import { formatAssetQuantity, formatExactUsd } from '@/lib/money';
import { useTolerancePercent } from '../hooks/use-tolerance';
import { formatUnitPrice } from '../price-text';

export function ConfirmTradeDialog({
  asset,
  side,
  quote,
  isPending,
  onConfirm,
  onCancel,
}: {
  asset: Asset;
  side: 'buy' | 'sell';
  /** The order to confirm; the dialog is open while there is one. */
  quote: Quote | null;
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['trading', 'catalogue']);
  const name = t(`catalogue:${asset.symbol}.name`);
  const tolerance = useTolerancePercent();
  return (
    <AlertDialog
      open={quote !== null}
      onOpenChange={(open) => {
        if (!open && !isPending) onCancel();
      }}
    >
      <AlertDialogContent data-testid="confirm-trade">
        <AlertDialogHeader>
          <AlertDialogTitle>
            {side === 'buy' ? t('confirm.buyTitle') : t('confirm.sellTitle')}
          </AlertDialogTitle>
          <AlertDialogDescription>
            {side === 'buy'
              ? t('confirm.buyDescription', { name, tolerance })
              : t('confirm.sellDescription', { name, tolerance })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {quote ? <ConfirmFigures asset={asset} side={side} quote={quote} /> : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>{t('confirm.cancel')}</AlertDialogCancel>
          <AlertDialogAction
            disabled={isPending}
            onClick={(event) => {
              // Stay open while the order is sent; the screen closes it with the answer.
              event.preventDefault();
              onConfirm();
            }}
          >
            {isPending ? (
              <Spinner label={t('confirm.pending')} />
            ) : side === 'buy' ? (
              t('confirm.buy')
            ) : (
              t('confirm.sell')
            )}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** What the order comes to: its quantity, the price it is priced at and the exact total. */
function ConfirmFigures({
  asset,
  side,
  quote,
}: {
  asset: Asset;
  side: 'buy' | 'sell';
  quote: Quote;
}) {
  const { t } = useTranslation(['trading', 'catalogue']);
  return (
    <dl className="grid gap-2 rounded-md border bg-muted/40 p-4 text-sm">
      <div className="flex items-baseline justify-between gap-4">
        <dt className="text-muted-foreground">{t('order.quantity')}</dt>
        <dd className="text-end font-medium tabular-nums">
          {formatAssetQuantity(t, asset, quote.quantity)}
        </dd>
      </div>
      <div className="flex items-baseline justify-between gap-4">
        <dt className="text-muted-foreground">{t('order.price')}</dt>
        <dd className="text-end font-medium tabular-nums" data-testid="confirm-price">
          {formatUnitPrice(t, asset, quote.price)}
        </dd>
      </div>
      <div className="flex items-baseline justify-between gap-4 border-t pt-2">
        <dt className="font-semibold">
          {side === 'buy' ? t('order.totalCharge') : t('order.totalCredit')}
        </dt>
        <dd
          dir="ltr"
          className="text-end text-base font-semibold tabular-nums"
          data-testid="confirm-total"
        >
          {formatExactUsd(quote.total)}
        </dd>
      </div>
    </dl>
  );
}
