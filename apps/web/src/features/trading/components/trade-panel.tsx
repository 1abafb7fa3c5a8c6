// One side (Buy or Sell) of an asset's order screen: quantity ↔ dollars both ways, the cash or
// the holding it draws on, the exact figures, a confirmation, then the order (SPEC §5, §8, §9).
// Metals and cryptocurrencies share it; their rules and wording differ as SPEC describes.
import { type FormEvent, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeftRight, Coins, Wallet } from 'lucide-react';
import type { Asset } from '@secure-vault/shared/catalogue';
import { dec } from '@secure-vault/shared/money';
import type { Quote } from '@secure-vault/shared/trading';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { formatUsd } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { formatAssetQuantity, quantityStep, useIdempotencyKey } from '@/lib/trade';
import { cn } from '@/lib/utils';
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
} from '../order-input';
import { formatExactUsd, formatUnitPrice } from '../price-text';
import { insufficientCashText, problemText, tradeFailureText } from '../trade-messages';
import { ConfirmTradeDialog } from './confirm-trade-dialog';

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
  const variant = isMetal ? 'metals' : 'crypto';
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
  // Metals: the button waits for a positive, valid amount (SPEC §5). Crypto: the button always
  // answers, with "Please fill in all fields" when something is missing (SPEC §8).
  const isSubmitDisabled =
    placeTrade.isPending || (isSell && !canSellHolding) || (isMetal && evaluation.status !== 'ok');

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
    const { quote } = evaluation;
    if (side === 'buy' && cash !== null && dec(quote.total).greaterThan(cash)) {
      showError(insufficientCashText(t, asset, quote.total, cash));
      return;
    }
    if (isSell && held && dec(quote.quantity).greaterThan(held.quantity)) {
      showError({
        title: t(`${variant}.sellFailedTitle`),
        description: t('errors.insufficientHolding', { name }),
      });
      return;
    }
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
    evaluation.status === 'invalid' ? problemText(t, asset, evaluation.problem) : null;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6" aria-label={t(`tabs.${side}`)}>
      {isSell ? <HoldingLine asset={asset} holding={holding} /> : <CashLine summary={summary} />}

      <div className="grid gap-2">
        <div className="grid items-end gap-4 sm:grid-cols-[1fr_auto_1fr]">
          <div className="grid gap-2">
            <Label htmlFor={`${idPrefix}-quantity`}>
              {isMetal ? t('order.milligrams') : t('order.units', { symbol: asset.symbol })}
            </Label>
            <Input
              id={`${idPrefix}-quantity`}
              type="number"
              inputMode="decimal"
              dir="ltr"
              className="rtl:text-right"
              min="0"
              step={quantityStep(asset)}
              autoComplete="off"
              value={input.quantity}
              aria-invalid={input.edited === 'quantity' && problem !== null}
              aria-describedby={problem ? `${idPrefix}-problem` : undefined}
              onChange={(event) => edit('quantity', event.target.value)}
            />
          </div>
          <ArrowLeftRight
            aria-hidden
            className="mx-auto hidden size-5 text-muted-foreground sm:mb-2.5 sm:block"
          />
          <div className="grid gap-2">
            <Label htmlFor={`${idPrefix}-total`}>
              {isMetal ? t('order.amountUsd') : t('order.totalUsd')}
            </Label>
            <Input
              id={`${idPrefix}-total`}
              type="number"
              inputMode="decimal"
              dir="ltr"
              className="rtl:text-right"
              min="0"
              step={isMetal ? '0.000001' : '0.01'}
              autoComplete="off"
              value={input.total}
              aria-invalid={input.edited === 'total' && problem !== null}
              aria-describedby={problem ? `${idPrefix}-problem` : undefined}
              onChange={(event) => edit('total', event.target.value)}
            />
          </div>
        </div>

        <div aria-live="polite" className="min-h-5 text-sm">
          {problem ? (
            <p id={`${idPrefix}-problem`} className="text-destructive">
              {problem}
            </p>
          ) : null}
        </div>
      </div>

      <OrderSummary
        asset={asset}
        side={side}
        quote={evaluation.status === 'ok' ? evaluation.quote : null}
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

function CashLine({ summary }: { summary: ReturnType<typeof useSummary> }) {
  const { t } = useTranslation('trading');
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md border bg-muted/40 px-4 py-3 text-sm">
      <Wallet aria-hidden className="size-4 text-accent-strong" />
      <span className="text-muted-foreground">{t('order.cashBalance')}</span>
      {summary.data ? (
        <bdi dir="ltr" className="font-semibold tabular-nums" data-testid="cash-balance">
          {formatUsd(summary.data.cashBalance)}
        </bdi>
      ) : summary.isError ? (
        <span className="flex items-center gap-2">
          {t('order.cashFailed')}
          <Button
            variant="link"
            size="sm"
            className="h-auto p-0"
            onClick={() => void summary.refetch()}
          >
            {t('order.retry')}
          </Button>
        </span>
      ) : (
        <Spinner className="size-4" label={t('order.loading')} />
      )}
    </div>
  );
}

function HoldingLine({ asset, holding }: { asset: Asset; holding: ReturnType<typeof useHolding> }) {
  const { t } = useTranslation(['trading', 'catalogue']);
  const name = t(`catalogue:${asset.symbol}.name`);
  const data = holding.data;
  return (
    <div className="grid gap-1 rounded-md border bg-muted/40 px-4 py-3 text-sm">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Coins aria-hidden className="size-4 text-accent-strong" />
        <span className="text-muted-foreground">{t('order.youHold')}</span>
        {data ? (
          <span className="font-semibold" data-testid="holding-quantity">
            <span className="tabular-nums">{formatAssetQuantity(t, asset, data.quantity)}</span>
            {dec(data.quantity).greaterThan(0) ? (
              <span className="ms-2 font-normal text-muted-foreground">
                {t('order.worth', { value: formatUsd(data.value) })}
              </span>
            ) : null}
          </span>
        ) : holding.isError ? (
          <span className="flex items-center gap-2">
            {t('order.holdingFailed')}
            <Button
              variant="link"
              size="sm"
              className="h-auto p-0"
              onClick={() => void holding.refetch()}
            >
              {t('order.retry')}
            </Button>
          </span>
        ) : (
          <Spinner className="size-4" label={t('order.loading')} />
        )}
      </div>
      {data && !dec(data.quantity).greaterThan(0) ? (
        <p className="text-muted-foreground">{t('order.nothingToSell', { name })}</p>
      ) : null}
      {data && dec(data.quantity).greaterThan(0) && data.status !== 'active' ? (
        <p className="text-muted-foreground">
          {data.status === 'locked'
            ? t('order.lockedHolding', { name })
            : t('order.inDeliveryHolding', { name })}
        </p>
      ) : null}
    </div>
  );
}

function OrderSummary({ asset, side, quote }: { asset: Asset; side: Side; quote: Quote | null }) {
  const { t } = useTranslation(['trading', 'catalogue']);
  const rows = [
    {
      label: t('order.quantity'),
      value: quote ? formatAssetQuantity(t, asset, quote.quantity) : '—',
      testId: 'summary-quantity',
    },
    { label: t('order.price'), value: formatUnitPrice(t, asset), testId: 'summary-price' },
  ];
  return (
    <dl className="grid gap-2 text-sm">
      {rows.map((row) => (
        <div key={row.testId} className="flex items-baseline justify-between gap-4">
          <dt className="text-muted-foreground">{row.label}</dt>
          <dd className="text-end tabular-nums" data-testid={row.testId}>
            {row.value}
          </dd>
        </div>
      ))}
      <div className="flex items-baseline justify-between gap-4 border-t pt-2">
        <dt className="font-semibold">
          {side === 'buy' ? t('order.totalCharge') : t('order.totalCredit')}
        </dt>
        <dd
          dir="ltr"
          className={cn(
            'text-end text-lg font-semibold tabular-nums',
            !quote && 'text-muted-foreground',
          )}
          data-testid="summary-total"
        >
          {quote ? formatExactUsd(quote.total) : '—'}
        </dd>
      </div>
    </dl>
  );
}
