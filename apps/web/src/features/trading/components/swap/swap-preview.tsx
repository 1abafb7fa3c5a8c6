// What a swap will do, shown before it is confirmed: the prices, what leaves, what arrives and
// the cash that comes back, priced as the server prices it.
import type { Asset } from '@secure-vault/shared/catalogue';
import { useTranslation } from '@/lib/i18n';
import { formatAssetQuantity, formatUsd } from '@/lib/money';
import { cn } from '@/lib/utils';
import type { PriceBookView } from '../../hooks/use-price-book';
import type { SwapPreview } from '../../preview-swap';
import { useTolerancePercent } from '../../hooks/use-tolerance';
import { SwapPrices } from './swap-prices';

export function SwapPreviewBox({
  preview,
  from,
  to,
  book,
}: {
  preview: SwapPreview;
  from: Asset;
  to: Asset;
  book: PriceBookView;
}) {
  const { t } = useTranslation(['trading', 'catalogue']);
  const tolerance = useTolerancePercent();
  const isReady = preview.status === 'ok';
  const rows = [
    {
      label: t('swap.youGive'),
      quantity: isReady ? formatAssetQuantity(t, from, preview.give.quantity) : '—',
      value: isReady ? formatUsd(preview.give.value) : null,
      testId: 'swap-give',
    },
    {
      label: t('swap.youReceive'),
      quantity: isReady ? formatAssetQuantity(t, to, preview.receive.quantity) : '—',
      value: isReady ? formatUsd(preview.receive.value) : null,
      testId: 'swap-receive',
    },
  ];
  return (
    <div
      id="swap-preview"
      tabIndex={-1}
      className="grid gap-3 rounded-md border bg-muted/40 p-4 text-sm"
      data-testid="swap-preview"
    >
      <SwapPrices from={from} to={to} book={book} />
      <dl className="grid gap-2">
        {rows.map((row) => (
          <div key={row.testId} className="flex items-baseline justify-between gap-4">
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className="grid justify-items-end tabular-nums" data-testid={row.testId}>
              <span className="font-semibold">{row.quantity}</span>
              {row.value ? (
                <bdi dir="ltr" className="text-muted-foreground">
                  {row.value}
                </bdi>
              ) : null}
            </dd>
          </div>
        ))}
        <div className="flex items-baseline justify-between gap-4 border-t pt-2">
          <dt className="text-muted-foreground">{t('swap.cashRemainder')}</dt>
          <dd
            dir="ltr"
            className={cn(
              'text-end font-semibold tabular-nums',
              !isReady && 'text-muted-foreground',
            )}
            data-testid="swap-remainder"
          >
            {isReady ? formatUsd(preview.cashRemainder) : '—'}
          </dd>
        </div>
      </dl>
      <p className="text-xs text-muted-foreground">{t('swap.note', { tolerance })}</p>
    </div>
  );
}
