// One side (Buy or Sell) of an asset's order screen: quantity ↔ dollars both ways, the cash or
// the holding it draws on, the exact figures, a confirmation, then the order (SPEC §5, §8, §9).
// Metals and cryptocurrencies share it; their rules and wording differ as SPEC describes.
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeftRight } from 'lucide-react';
import type { Asset } from '@secure-vault/shared/catalogue';
import { dec } from '@secure-vault/shared/money';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { formatAssetQuantity, quantityStep, useIdempotencyKey } from '@/lib/trade';
import { useHolding } from '../api/get-holding';
import { getSummaryQueryOptions, useSummary } from '../api/get-summary';
import { usePlaceTrade } from '../api/place-trade';
import {
  cryptoRules,
  editOrder,
  evaluateOrder,
  heldQuantityText,
  metalRules,
  type OrderEvaluation,
  type OrderField,
  type OrderInput,
  shortfallOf,
} from '../order-input';
import { formatExactUsd } from '../price-text';
import {
  insufficientCashText,
  problemText,
  shortfallText,
  tradeFailureText,
} from '../trade-messages';
import { ConfirmTradeDialog } from './confirm-trade-dialog';
import { CashLine, HoldingLine, OrderSummary } from './order-figures';

type Side = 'buy' | 'sell';
type ReadyOrder = Extract<OrderEvaluation, { status: 'ok' }>;

function initialInput(asset: Asset, side: Side): OrderInput {
  // SPEC §9: the metal calculator starts at 1 mg; the crypto form starts empty.
  return asset.kind === 'metal'
    ? editOrder(asset, metalRules, 'quantity', '1', side)
    : { edited: 'quantity', quantity: '', total: '' };
}

export function TradePanel({ asset, side }: { asset: Asset; side: Side }) {
  const { t } = useTranslation(['trading', 'catalogue', 'auth']);
  const queryClient = useQueryClient();
  const isMetal = asset.kind === 'metal';
  const rules = isMetal ? metalRules : cryptoRules;
  const name = t(`catalogue:${asset.symbol}.name`);

  const summary = useSummary();
  const holding = useHolding(asset.symbol);
  const placeTrade = usePlaceTrade();
  const orderKey = useIdempotencyKey();
  const [input, setInput] = useState<OrderInput>(() => initialInput(asset, side));
  const [pending, setPending] = useState<ReadyOrder | null>(null);

  const evaluation = evaluateOrder(asset, input, side);
  const cash = summary.data?.cashBalance ?? null;
  const held = holding.data;
  const hasHolding = held !== undefined && dec(held.quantity).greaterThan(0);
  const canSellHolding = hasHolding && held.status === 'active';
  const isSell = side === 'sell';
  // Known before the click: more than the cash on screen pays for, or than is held.
  const shortfall =
    evaluation.status === 'ok'
      ? shortfallOf(asset, side, evaluation.quote, {
          cash,
          held: canSellHolding ? held.quantity : null,
        })
      : null;
  // Metals: the button waits for a positive, valid amount (SPEC §5). Crypto: the button answers
  // an incomplete form with "Please fill in all fields" (SPEC §8). Neither lets an order the
  // balance cannot cover through.
  const isSubmitDisabled =
    placeTrade.isPending ||
    (isSell && !canSellHolding) ||
    (isMetal && evaluation.status !== 'ok') ||
    shortfall !== null;

  const edit = (field: OrderField, text: string) =>
    setInput(editOrder(asset, rules, field, text, side));

  const showError = (text: { title: string; description: string }) =>
    toast.error(text.title, { description: text.description });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isMetal && (input.quantity.trim() === '' || input.total.trim() === '')) {
      showError({ title: t('errorTitle'), description: t('crypto.fillAll') });
      return;
    }
    if (evaluation.status !== 'ok') {
      if (evaluation.status === 'invalid') {
        showError({
          title: t('errorTitle'),
          description: problemText(t, asset, evaluation.problem),
        });
      }
      return;
    }
    // An order the balance on screen cannot cover never gets here: its button is disabled.
    if (shortfall) return;
    setPending(evaluation);
  };

  const onConfirm = () => {
    if (!pending) return;
    const order = { side, asset: asset.symbol, ...pending.order };
    placeTrade.mutate(
      { order, idempotencyKey: orderKey.keyFor(order) },
      {
        onSuccess: (result) => {
          orderKey.settle();
          setPending(null);
          setInput(initialInput(asset, side));
          const values = {
            quantity: formatAssetQuantity(t, asset, result.quantity),
            name,
            total: formatExactUsd(result.total),
          };
          toast.success(side === 'buy' ? t('success.buyTitle') : t('success.sellTitle'), {
            description: side === 'buy' ? t('success.buy', values) : t('success.sell', values),
          });
        },
        onError: async (error) => {
          setPending(null);
          if (error instanceof ApiError && error.code === 'INSUFFICIENT_CASH') {
            // The server refused on a balance newer than the one on screen: say what it is now.
            const fresh = await queryClient
              .fetchQuery({ ...getSummaryQueryOptions(), staleTime: 0 })
              .then((data) => data.cashBalance)
              .catch(() => null);
            showError(insufficientCashText(t, asset, pending.quote.total, fresh));
            return;
          }
          showError(tradeFailureText(t, asset, side, error));
        },
      },
    );
  };

  const idPrefix = `${side}-${asset.symbol.toLowerCase()}`;
  const problem =
    evaluation.status === 'invalid'
      ? problemText(t, asset, evaluation.problem)
      : shortfall
        ? shortfallText(t, asset, shortfall)
        : null;
  // The problem shows under the field the customer typed in.
  const fieldProps = (field: OrderField) => {
    const shown = input.edited === field && problem !== null;
    return {
      id: `${idPrefix}-${field}`,
      'aria-invalid': shown,
      'aria-describedby': shown ? `${idPrefix}-${field}-problem` : undefined,
      value: input[field],
      onChange: (event: ChangeEvent<HTMLInputElement>) => edit(field, event.target.value),
    };
  };
  const problemUnder = (field: OrderField) => (
    <p
      id={`${idPrefix}-${field}-problem`}
      aria-live="polite"
      className="min-h-5 text-sm text-destructive"
      data-testid={`${field}-problem`}
    >
      {input.edited === field ? problem : null}
    </p>
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6" aria-label={t(`tabs.${side}`)}>
      {isSell ? <HoldingLine asset={asset} holding={holding} /> : <CashLine summary={summary} />}

      <div className="grid items-start gap-x-4 gap-y-2 sm:grid-cols-[1fr_auto_1fr]">
        <div className="grid gap-2">
          <Label htmlFor={`${idPrefix}-quantity`}>
            {isMetal ? t('order.milligrams') : t('order.units', { symbol: asset.symbol })}
          </Label>
          <Input
            type="number"
            inputMode="decimal"
            dir="ltr"
            className="rtl:text-right"
            min="0"
            step={quantityStep(asset)}
            autoComplete="off"
            {...fieldProps('quantity')}
          />
          {problemUnder('quantity')}
        </div>
        <ArrowLeftRight
          aria-hidden
          className="mx-auto mt-[2.375rem] hidden size-5 text-muted-foreground sm:block"
        />
        <div className="grid gap-2">
          <Label htmlFor={`${idPrefix}-total`}>
            {isMetal ? t('order.amountUsd') : t('order.totalUsd')}
          </Label>
          <Input
            type="number"
            inputMode="decimal"
            dir="ltr"
            className="rtl:text-right"
            min="0"
            step="0.01"
            autoComplete="off"
            {...fieldProps('total')}
          />
          {problemUnder('total')}
        </div>
      </div>

      <OrderSummary
        asset={asset}
        side={side}
        quote={evaluation.status === 'ok' && !shortfall ? evaluation.quote : null}
      />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" size="lg" disabled={isSubmitDisabled} className="w-full sm:w-auto">
          {isSell ? t('order.sellNamed', { name }) : t('order.buyNamed', { name })}
        </Button>
        {isSell && canSellHolding ? (
          <Button
            type="button"
            variant="outline"
            size="lg"
            className="w-full sm:w-auto"
            onClick={() => edit('quantity', heldQuantityText(held.quantity))}
          >
            {t('order.sellAll')}
          </Button>
        ) : null}
      </div>

      <ConfirmTradeDialog
        asset={asset}
        side={side}
        quote={pending?.quote ?? null}
        isPending={placeTrade.isPending}
        onConfirm={onConfirm}
        onCancel={() => setPending(null)}
      />
    </form>
  );
}
