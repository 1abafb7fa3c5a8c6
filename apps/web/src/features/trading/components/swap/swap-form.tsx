// The swap form: what to give (a held metal or crypto), how much, and what to receive, with the
// preview updating as the customer types, at the book's prices (decision 028). Sent once with an
// Idempotency-Key and the prices it showed; a retry of the same swap reuses it. Refused because
// a price moved, it says the new price and waits for the customer to look again and confirm.
// While either asset's price is stale (decision 029) the swap is paused and cannot be sent.
import { assets, type Asset, findAsset } from '@secure-vault/shared/catalogue';
import * as trading from '@secure-vault/shared/trading/contracts';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useState } from 'react';
import { useApiMutation } from '@/lib/api-query';
import { useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { toast } from '@/lib/toast';
import { formatAssetQuantity, normalizeDecimal, quantityStep } from '@/lib/money';
import { usePriceBook } from '../../hooks/use-price-book';
import { previewSwap, swapFormSchema, swapProblemOf } from '../../preview-swap';
import { swapAmountText, swapErrorText, swapProblemText } from '../../swap-messages';
import { priceChangedText } from '../../trade-messages';
import { HaltedNotice } from '../halted-notice';
import { PriceChangedNotice } from '../price-changed-notice';
import { SwapPreviewBox } from './swap-preview';
import type { SwappableHolding } from './swappable-holdings';
import { SwapToField } from './swap-to-field';

const selectClass =
  'flex h-10 w-full cursor-pointer rounded-md border border-input bg-card px-3 py-2 text-base sm:text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50';

function firstOtherAsset(symbol: string): Asset {
  return assets.find((asset) => asset.symbol !== symbol) ?? assets[0]!;
}

/** A refusal because a price moved: the asset and its price now, as the server said. */
interface PriceChange {
  asset: Asset;
  price: string | undefined;
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
  const book = usePriceBook();
  const [priceChange, setPriceChange] = useState<PriceChange | null>(null);
  const heldOf = (symbol: string) =>
    holdings.find((holding) => holding.asset.symbol === symbol)?.quantity ?? '0';
  const pricesOf = (give: Asset, receive: Asset) => ({
    from: book.priceOf(give, 'sell').price,
    to: book.priceOf(receive, 'buy').price,
  });
  const firstSymbol = holdings[0]!.asset.symbol;
  const form = useSchemaForm(swapFormSchema(heldOf, pricesOf), {
    defaultValues: { from: firstSymbol, to: firstOtherAsset(firstSymbol).symbol, quantity: '' },
    mode: 'onChange',
  });
  const values = form.watch();

  const from = holdings.find((holding) => holding.asset.symbol === values.from) ?? holdings[0]!;
  const to = findAsset(values.to) ?? firstOtherAsset(from.asset.symbol);
  const preview = previewSwap(
    from.asset,
    to,
    values.quantity,
    from.quantity,
    pricesOf(from.asset, to),
  );
  const name = (asset: Asset) => t(`catalogue:${asset.symbol}.name`);
  const halted = [from.asset, to].find((asset) => book.priceOf(asset, 'buy').isHalted);

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
              given: swapAmountText(t, fromAsset, result.from.quantity),
              received: swapAmountText(t, toAsset, result.to.quantity),
            }),
          });
          onDone();
        },
        onError: (error) => {
          if (error.code !== 'PRICE_CHANGED') {
            // Paused since the book was read: read it again, which shows the pause.
            if (error.code === 'PRICE_STALE') void book.query.refetch();
            toast.error(t('swap.failedTitle'), {
              description: swapErrorText(t, from.asset, to, error),
            });
            return;
          }
          // `from` is sold at its sell price, `to` bought at its buy price: the side is the asset's.
          const { symbol, price } = error.details;
          const moved = symbol === to.symbol ? to : from.asset;
          if (price !== undefined) {
            book.hearPrice(moved.symbol, moved === to ? 'buy' : 'sell', price);
          }
          setPriceChange({ asset: moved, price });
        },
      },
    );
  });

  // The preview shows the new price already; the customer looks at it, then confirms again.
  const onReview = () => {
    setPriceChange(null);
    document.getElementById('swap-preview')?.focus();
  };

  const problemCode = swapProblemOf(form.formState.errors.quantity?.message);
  const problem = problemCode ? swapProblemText(t, from.asset, to, problemCode) : null;

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

      <SwapToField
        from={from.asset}
        field={form.register('to', { onChange: () => void form.trigger('quantity') })}
        className={selectClass}
      />

      <SwapPreviewBox preview={preview} from={from.asset} to={to} book={book} />
      {halted ? <HaltedNotice asset={halted} /> : null}
      {priceChange ? (
        <PriceChangedNotice
          message={priceChangedText(t, priceChange.asset, priceChange.price, 'swap')}
          reviewLabel={t('prices.changed.reviewSwap')}
          onReview={onReview}
        />
      ) : null}

      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={swap.isPending}>
            {t('confirm.cancel')}
          </Button>
        </DialogClose>
        <Button
          type="submit"
          disabled={
            preview.status !== 'ok' ||
            swap.isPending ||
            priceChange !== null ||
            halted !== undefined
          }
        >
          {swap.isPending ? <Spinner label={t('swap.pending')} /> : t('swap.confirm')}
        </Button>
      </DialogFooter>
    </form>
  );
}
