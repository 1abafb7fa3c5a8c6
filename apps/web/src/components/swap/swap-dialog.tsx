// Swap Assets (DESIGN §5; a dead button in SPEC §2): exchange a quantity of one held metal or
// cryptocurrency for another at listed prices, with a live preview of what arrives and the cash
// remainder, in one transaction on the server. The dashboard loads this file lazily.
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeftRight } from 'lucide-react';
import { assets, type Asset, findAsset } from '@secure-vault/shared/catalogue';
import { paths } from '@secure-vault/shared/paths';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { formatUsd } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import {
  formatAssetQuantity,
  normalizeDecimal,
  quantityStep,
  useIdempotencyKey,
} from '@/lib/trade';
import { cn } from '@/lib/utils';
import { previewSwap, type SwapPreview, type SwapProblem } from './preview-swap';
import { type SwappableHolding, useSwapAssets, useSwappableHoldings } from './swap-assets';

const selectClass =
  'flex h-10 w-full cursor-pointer rounded-md border border-input bg-card px-3 py-2 text-base sm:text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50';

/**
 * The "Swap Assets" button and its dialog. Without `className` it is an outline button; with it,
 * a plain button with exactly those classes (a dashboard tile, say).
 */
export function SwapDialogTrigger({ className }: { className?: string }) {
  const { t } = useTranslation(['trading', 'catalogue']);
  const [open, setOpen] = useState(false);
  const content = (
    <>
      <ArrowLeftRight aria-hidden />
      {t('swap.open')}
    </>
  );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {className ? (
          <button type="button" className={className}>
            {content}
          </button>
        ) : (
          <Button variant="outline">{content}</Button>
        )}
      </DialogTrigger>
      <DialogContent closeLabel={t('swap.close')} className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('swap.title')}</DialogTitle>
          <DialogDescription>{t('swap.description')}</DialogDescription>
        </DialogHeader>
        <SwapBody onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function SwapBody({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['trading', 'catalogue']);
  const holdings = useSwappableHoldings();
  if (holdings.isPending) {
    return <Spinner className="py-6 text-muted-foreground" label={t('swap.loading')} />;
  }
  if (holdings.isError) {
    return (
      <div role="alert" className="grid gap-3 text-sm">
        <p>{t('swap.loadFailed')}</p>
        <div>
          <Button variant="outline" size="sm" onClick={() => void holdings.refetch()}>
            {t('order.retry')}
          </Button>
        </div>
      </div>
    );
  }
  if (holdings.data.length === 0) {
    return (
      <div className="grid gap-4 text-sm">
        <p className="text-muted-foreground">{t('swap.empty')}</p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button asChild variant="outline">
            <Link to={paths.preciousMetals}>{t('swap.buyMetals')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.crypto}>{t('swap.buyCrypto')}</Link>
          </Button>
        </div>
      </div>
    );
  }
  return <SwapForm holdings={holdings.data} onDone={onDone} />;
}

function firstOtherAsset(symbol: string): Asset {
  return assets.find((asset) => asset.symbol !== symbol) ?? assets[0]!;
}

function SwapForm({ holdings, onDone }: { holdings: SwappableHolding[]; onDone: () => void }) {
  const { t } = useTranslation(['trading', 'catalogue', 'auth']);
  const swap = useSwapAssets();
  const swapKey = useIdempotencyKey();
  const [fromSymbol, setFromSymbol] = useState(holdings[0]!.asset.symbol);
  const [toSymbol, setToSymbol] = useState(() => firstOtherAsset(fromSymbol).symbol);
  const [quantity, setQuantity] = useState('');

  const from = holdings.find((holding) => holding.asset.symbol === fromSymbol) ?? holdings[0]!;
  const to = findAsset(toSymbol) ?? firstOtherAsset(from.asset.symbol);
  const preview = previewSwap(from.asset, to, quantity, from.quantity);
  const name = (asset: Asset) => t(`catalogue:${asset.symbol}.name`);
  // "1,000.000 mg of Gold", "0.00049565 BTC" (a crypto's symbol already names it).
  const amountOf = (asset: Asset, quantity: string) =>
    asset.kind === 'metal'
      ? t('swap.amountOfMetal', {
          quantity: formatAssetQuantity(t, asset, quantity),
          name: name(asset),
        })
      : formatAssetQuantity(t, asset, quantity);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (preview.status !== 'ok') return;
    const request = { from: from.asset.symbol, to: to.symbol, quantity: preview.quantity };
    swap.mutate(
      { swap: request, idempotencyKey: swapKey.keyFor(request) },
      {
        onSuccess: (result) => {
          swapKey.settle();
          const fromAsset = findAsset(result.from.asset) ?? from.asset;
          const toAsset = findAsset(result.to.asset) ?? to;
          toast.success(t('swap.successTitle'), {
            description: t('swap.success', {
              given: amountOf(fromAsset, result.from.quantity),
              received: amountOf(toAsset, result.to.quantity),
            }),
          });
          onDone();
        },
        onError: (error) => {
          toast.error(t('swap.failedTitle'), { description: swapErrorText(error) });
        },
      },
    );
  };

  const swapErrorText = (error: unknown): string => {
    const fallback = t('swap.failed');
    if (!(error instanceof ApiError)) return fallback;
    switch (error.code) {
      case 'INSUFFICIENT_HOLDING':
        return t('errors.insufficientHolding', { name: name(from.asset) });
      case 'ASSET_UNAVAILABLE':
        return t('errors.assetUnavailable', { name: name(from.asset) });
      case 'BELOW_MINIMUM':
        return t('swap.belowMinimum', { name: name(to) });
      case 'QUANTITY_INVALID':
        return t('errors.quantityOrAmount');
      default:
        return apiErrorText(t, error, fallback);
    }
  };

  const problem = preview.status === 'invalid' ? problemText(preview.problem) : null;
  function problemText(code: SwapProblem): string {
    switch (code) {
      case 'QUANTITY_INVALID':
        return from.asset.kind === 'metal'
          ? t('errors.quantityInvalidMg')
          : t('errors.quantityInvalidUnits', {
              decimals: quantityStep(from.asset).split('.')[1]?.length ?? 0,
            });
      case 'BELOW_MINIMUM':
        return t('swap.belowMinimum', { name: name(to) });
      case 'TOO_LARGE':
        return t('errors.tooLarge');
      case 'INSUFFICIENT_HOLDING':
        return t('errors.insufficientHolding', { name: name(from.asset) });
      case 'SAME_ASSET':
        return t('errors.sameAsset');
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor="swap-from">{t('swap.from')}</Label>
        <select
          id="swap-from"
          className={selectClass}
          value={from.asset.symbol}
          onChange={(event) => {
            const symbol = event.target.value;
            setFromSymbol(symbol);
            setQuantity('');
            if (symbol === toSymbol) setToSymbol(firstOtherAsset(symbol).symbol);
          }}
        >
          {holdings.map((holding) => (
            <option key={holding.asset.symbol} value={holding.asset.symbol}>
              {`${name(holding.asset)} — ${formatAssetQuantity(t, holding.asset, holding.quantity)}`}
            </option>
          ))}
        </select>
      </div>

      <div className="grid gap-2">
        <div className="flex items-end justify-between gap-2">
          <Label htmlFor="swap-quantity">
            {from.asset.kind === 'metal'
              ? t('swap.quantityMg')
              : t('swap.quantityUnits', { symbol: from.asset.symbol })}
          </Label>
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto p-0"
            onClick={() => setQuantity(normalizeDecimal(from.quantity))}
          >
            {t('swap.max')}
          </Button>
        </div>
        <Input
          id="swap-quantity"
          type="number"
          inputMode="decimal"
          dir="ltr"
          className="rtl:text-right"
          min="0"
          max={normalizeDecimal(from.quantity)}
          step={quantityStep(from.asset)}
          autoComplete="off"
          value={quantity}
          aria-invalid={problem !== null}
          aria-describedby={`swap-available${problem ? ' swap-problem' : ''}`}
          onChange={(event) => setQuantity(event.target.value)}
        />
        <p id="swap-available" className="text-sm text-muted-foreground">
          {t('swap.available')}{' '}
          <span className="tabular-nums">{formatAssetQuantity(t, from.asset, from.quantity)}</span>
        </p>
        <div aria-live="polite" className="text-sm">
          {problem ? (
            <p id="swap-problem" className="text-destructive">
              {problem}
            </p>
          ) : null}
        </div>
      </div>

      <div className="grid gap-2">
        <Label htmlFor="swap-to">{t('swap.to')}</Label>
        <select
          id="swap-to"
          className={selectClass}
          value={to.symbol}
          onChange={(event) => setToSymbol(event.target.value)}
        >
          {(['metal', 'crypto'] as const).map((kind) => (
            <optgroup
              key={kind}
              label={kind === 'metal' ? t('swap.metalsGroup') : t('swap.cryptoGroup')}
            >
              {assets
                .filter((asset) => asset.kind === kind && asset.symbol !== from.asset.symbol)
                .map((asset) => (
                  <option key={asset.symbol} value={asset.symbol}>
                    {`${name(asset)} (${asset.symbol})`}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </div>

      <PreviewBox preview={preview} from={from.asset} to={to} />

      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={swap.isPending}>
            {t('confirm.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={preview.status !== 'ok' || swap.isPending}>
          {swap.isPending ? <Spinner label={t('swap.pending')} /> : t('swap.confirm')}
        </Button>
      </DialogFooter>
    </form>
  );
}

function PreviewBox({ preview, from, to }: { preview: SwapPreview; from: Asset; to: Asset }) {
  const { t } = useTranslation(['trading', 'catalogue']);
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
      className="grid gap-3 rounded-md border bg-muted/40 p-4 text-sm"
      data-testid="swap-preview"
    >
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
      <p className="text-xs text-muted-foreground">{t('swap.note')}</p>
    </div>
  );
}
