// One side (Buy or Sell) of an asset's order screen: quantity ↔ dollars both ways, the cash or
// the holding it draws on, the exact figures, a confirmation, then the order (SPEC §5, §8, §9).
// Metals and cryptocurrencies share it; their rules and wording differ as SPEC describes.
import { useState } from 'react';
import { ArrowLeftRight } from 'lucide-react';
import type { Asset } from '@secure-vault/shared/catalogue';
import { dec } from '@secure-vault/shared/money';
import {
  minimumOrderUsd,
  minimumQuantity,
  openingQuantity,
  type Quote,
  type TradeRequest,
} from '@secure-vault/shared/trading';
import * as trading from '@secure-vault/shared/trading/contracts';
import * as vault from '@secure-vault/shared/vault/contracts';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { useApiMutation, useApiQuery } from '@/lib/api-query';
import { useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { toast } from '@/lib/toast';
import { formatAssetQuantity, formatExactUsd, formatUsd, quantityStep } from '@/lib/money';
import {
  cryptoRules,
  editOrder,
  evaluateOrder,
  heldQuantityText,
  metalRules,
  type OrderField,
  orderFormSchema,
  orderProblemOf,
  type OrderInput,
  shortfallOf,
} from '../order-input';
import {
  insufficientCashText,
  problemText,
  shortfallText,
  tradeFailureText,
} from '../trade-messages';
import { ConfirmTradeDialog } from './confirm-trade-dialog';
import { CashLine, HoldingLine, OrderSummary } from './order-figures';

type Side = 'buy' | 'sell';
type PendingOrder = { order: TradeRequest; quote: Quote };

function initialInput(asset: Asset, side: Side): OrderInput {
  // A metal's calculator opens at a quantity that can be bought: 1 mg, or more where 1 mg is
  // worth less than the smallest order (silver, rhenium). The crypto form starts empty.
  return asset.kind === 'metal'
    ? editOrder(asset, metalRules, 'quantity', openingQuantity(asset), side)
    : { edited: 'quantity', quantity: '', total: '' };
}

export function TradePanel({ asset, side }: { asset: Asset; side: Side }) {
  const { t } = useTranslation(['trading', 'catalogue', 'auth']);
  const isMetal = asset.kind === 'metal';
  const rules = isMetal ? metalRules : cryptoRules;
  const name = t(`catalogue:${asset.symbol}.name`);

  const summary = useApiQuery(vault.getSummary);
  const holding = useApiQuery(trading.getHolding, { params: { symbol: asset.symbol } });
  const placeTrade = useApiMutation(trading.placeTrade);
  const orderKey = useIdempotencyKey();
  const form = useSchemaForm(orderFormSchema(asset, side), {
    defaultValues: initialInput(asset, side),
    mode: 'onChange',
  });
  const input = form.watch();
  const [pending, setPending] = useState<PendingOrder | null>(null);

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

  // Typing in one field fills in the other, priced as the server will price it. The field typed
  // in keeps its text as the browser has it (a number input mid-way through "1e5" reads empty).
  const edit = (field: OrderField, text: string, { isTyped = false } = {}) => {
    const next = editOrder(asset, rules, field, text, side);
    const other: OrderField = field === 'quantity' ? 'total' : 'quantity';
    form.setValue('edited', next.edited);
    if (!isTyped) form.setValue(field, next[field]);
    form.setValue(other, next[other], { shouldValidate: true });
  };

  const showError = (text: { title: string; description: string }) =>
    toast.error(text.title, { description: text.description });

  const onSubmit = form.handleSubmit(
    (order) => {
      // An order the balance on screen cannot cover never gets here: its button is disabled.
      if (shortfall || evaluation.status !== 'ok') return;
      setPending({ order, quote: evaluation.quote });
    },
    (errors) => {
      if (!isMetal && (input.quantity.trim() === '' || input.total.trim() === '')) {
        showError({ title: t('errorTitle'), description: t('crypto.fillAll') });
        return;
      }
      const problem = orderProblemOf((errors.quantity ?? errors.total)?.message);
      if (problem) {
        showError({ title: t('errorTitle'), description: problemText(t, asset, problem) });
      }
    },
  );

  // The server refused on a balance newer than the one on screen: say what it is now.
  const onConfirm = () => {
    if (!pending) return;
    const { order } = pending;
    placeTrade.mutate(
      { body: order, idempotencyKey: orderKey.keyFor(order) },
      {
        onSuccess: (result) => {
          orderKey.settle();
          setPending(null);
          form.reset(initialInput(asset, side));
          const values = {
            quantity: formatAssetQuantity(t, asset, result.quantity),
            name,
            total: formatExactUsd(result.total),
          };
          toast.success(side === 'buy' ? t('success.buyTitle') : t('success.sellTitle'), {
            description: side === 'buy' ? t('success.buy', values) : t('success.sell', values),
          });
        },
        onError: (error) => {
          setPending(null);
          if (error.code === 'INSUFFICIENT_CASH') {
            // The refusal carries the balance the ledger found: no second request for it.
            const needed = error.details.needed ?? pending.quote.total;
            showError(insufficientCashText(t, asset, needed, error.details.balance ?? null));
            return;
          }
          showError(tradeFailureText(t, asset, side, error));
        },
      },
    );
  };

  const idPrefix = `${side}-${asset.symbol.toLowerCase()}`;
  const fieldProblem = orderProblemOf(form.formState.errors[input.edited]?.message);
  const problem = fieldProblem
    ? problemText(t, asset, fieldProblem)
    : shortfall
      ? shortfallText(t, asset, shortfall)
      : null;
  // The problem shows under the field the customer typed in.
  const fieldProps = (field: OrderField) => {
    const shown = input.edited === field && problem !== null;
    return {
      id: `${idPrefix}-${field}`,
      'aria-invalid': shown,
      'aria-describedby':
        [
          shown ? `${idPrefix}-${field}-problem` : '',
          field === 'quantity' ? `${idPrefix}-minimum` : '',
        ]
          .filter(Boolean)
          .join(' ') || undefined,
      ...form.register(field, {
        onChange: (event: { target: { value: string } }) =>
          edit(field, event.target.value, { isTyped: true }),
      }),
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
      <p id={`${idPrefix}-minimum`} className="-mt-4 text-sm text-muted-foreground">
        {t('order.minimum', {
          quantity: formatAssetQuantity(t, asset, minimumQuantity(asset)),
          amount: formatUsd(minimumOrderUsd),
        })}
      </p>

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
