// The swap form: what to give (a held metal or crypto), how much, and what to receive, with the
// preview updating as the customer types. Sent once with an Idempotency-Key; a retry of the same
// swap reuses it.
import { assets, type Asset, findAsset } from '@secure-vault/shared/catalogue';
import * as trading from '@secure-vault/shared/trading/contracts';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import type { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { toast } from '@/lib/toast';
import { formatAssetQuantity, normalizeDecimal, quantityStep } from '@/lib/money';
import { previewSwap, type SwapProblem, swapFormSchema, swapProblemOf } from '../../preview-swap';
import { SwapPreviewBox } from './swap-preview';
import type { SwappableHolding } from './swappable-holdings';

const selectClass =
  'flex h-10 w-full cursor-pointer rounded-md border border-input bg-card px-3 py-2 text-base sm:text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50';

function firstOtherAsset(symbol: string): Asset {
  return assets.find((asset) => asset.symbol !== symbol) ?? assets[0]!;
}

export function SwapForm({
  holdings,
  onDone,
}: {
  holdings: SwappableHolding[];
  onDone: () => void;
}) {
  const { t } = useTranslation(['trading', 'catalogue', 'auth']);
  const swap = useApiMutation(trading.swapAssets);
  const swapKey = useIdempotencyKey();
  const heldOf = (symbol: string) =>
    holdings.find((holding) => holding.asset.symbol === symbol)?.quantity ?? '0';
  const firstSymbol = holdings[0]!.asset.symbol;
  const form = useSchemaForm(swapFormSchema(heldOf), {
    defaultValues: { from: firstSymbol, to: firstOtherAsset(firstSymbol).symbol, quantity: '' },
    mode: 'onChange',
  });
  const values = form.watch();

  const from = holdings.find((holding) => holding.asset.symbol === values.from) ?? holdings[0]!;
  const to = findAsset(values.to) ?? firstOtherAsset(from.asset.symbol);
  const preview = previewSwap(from.asset, to, values.quantity, from.quantity);
  const name = (asset: Asset) => t(`catalogue:${asset.symbol}.name`);
  // "1,000.000 mg of Gold", "0.00049565 BTC" (a crypto's symbol already names it).
  const amountOf = (asset: Asset, quantity: string) =>
    asset.kind === 'metal'
      ? t('swap.amountOfMetal', {
          quantity: formatAssetQuantity(t, asset, quantity),
          name: name(asset),
        })
      : formatAssetQuantity(t, asset, quantity);

  const onSubmit = form.handleSubmit((body) => {
    swap.mutate(
      { body, idempotencyKey: swapKey.keyFor(body) },
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
  });

  const swapErrorText = (error: ApiError): string => {
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
        return apiErrorText(t, error, t('swap.failed'));
    }
  };

  const problemCode = swapProblemOf(form.formState.errors.quantity?.message);
  const problem = problemCode ? problemText(problemCode) : null;
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
          {...form.register('from', {
            onChange: (event: { target: { value: string } }) => {
              const symbol = event.target.value;
              form.setValue('quantity', '');
              if (symbol === values.to) form.setValue('to', firstOtherAsset(symbol).symbol);
              form.clearErrors('quantity');
            },
          })}
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
            onClick={() =>
              form.setValue('quantity', normalizeDecimal(from.quantity), { shouldValidate: true })
            }
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
          aria-invalid={problem !== null}
          aria-describedby={`swap-available${problem ? ' swap-problem' : ''}`}
          {...form.register('quantity')}
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
          {...form.register('to', { onChange: () => void form.trigger('quantity') })}
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

      <SwapPreviewBox preview={preview} from={from.asset} to={to} />

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
