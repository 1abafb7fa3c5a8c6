// One side (Buy or Sell) of an asset's order screen: quantity ↔ dollars both ways at the book's
// price on that side, the cash or the holding it draws on, the exact figures, a confirmation,
// then the order with the price it showed (SPEC §5, §8, §9; decision 028). Metals and
// cryptocurrencies share it; their rules and wording differ as SPEC describes. While the asset's
// price is stale (decision 029) trading is paused: the screen says so and places no order.
import { useState } from 'react';
import type { Asset } from '@secure-vault/shared/catalogue';
import { dec } from '@secure-vault/shared/money';
import type { Quote, TradeRequest } from '@secure-vault/shared/trading';
import * as trading from '@secure-vault/shared/trading/contracts';
import * as vault from '@secure-vault/shared/vault/contracts';
import { useApiMutation, useApiQuery } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { toast } from '@/lib/toast';
import { formatAssetQuantity, formatExactUsd } from '@/lib/money';
import { useOrderForm } from '../hooks/use-order-form';
import type { PriceBookView } from '../hooks/use-price-book';
import { heldQuantityText, orderProblemOf, shortfallOf } from '../order-input';
import {
  insufficientCashText,
  priceChangedText,
  problemText,
  shortfallText,
  tradeFailureText,
} from '../trade-messages';
import { ConfirmTradeDialog } from './confirm-trade-dialog';
import { HaltedNotice } from './halted-notice';
import { OrderActions } from './order-actions';
import { CashLine, HoldingLine, OrderSummary } from './order-figures';
import { OrderFields } from './order-fields';
import { PriceChangedNotice } from './price-changed-notice';

type Side = 'buy' | 'sell';
type PendingOrder = { order: TradeRequest; quote: Quote };

export function TradePanel({
  asset,
  side,
  book,
}: {
  asset: Asset;
  side: Side;
  /** The screen's price book: both tabs and the heading show the same prices. */
  book: PriceBookView;
}) {
  const { t } = useTranslation(['trading', 'catalogue', 'auth']);
  const isMetal = asset.kind === 'metal';
  const name = t(`catalogue:${asset.symbol}.name`);
  const { price, isHalted } = book.priceOf(asset, side);

  const summary = useApiQuery(vault.getSummary);
  const holding = useApiQuery(trading.getHolding, { params: { symbol: asset.symbol } });
  const placeTrade = useApiMutation(trading.placeTrade);
  const orderKey = useIdempotencyKey();
  const { form, input, evaluation, edit, reset } = useOrderForm(asset, side, price);
  const [pending, setPending] = useState<PendingOrder | null>(null);
  // A refusal because the book moved: the price it has now, when the server said it.
  const [priceChange, setPriceChange] = useState<{ price: string | undefined } | null>(null);

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
    isHalted ||
    (isSell && !canSellHolding) ||
    (isMetal && evaluation.status !== 'ok') ||
    shortfall !== null;

  const showError = (text: { title: string; description: string }) =>
    toast.error(text.title, { description: text.description });

  const onSubmit = form.handleSubmit(
    (order) => {
      // An order the balance on screen cannot cover never gets here: its button is disabled.
      if (shortfall || evaluation.status !== 'ok') return;
      setPriceChange(null);
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

  // The server refused on a balance or a price newer than the one on screen: say what it is now.
  const onConfirm = () => {
    if (!pending) return;
    const { order } = pending;
    placeTrade.mutate(
      { body: order, idempotencyKey: orderKey.keyFor(order) },
      {
        onSuccess: (result) => {
          orderKey.settle();
          setPending(null);
          reset();
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
          if (error.code === 'PRICE_CHANGED') {
            // What was typed stays; the customer looks at the order again at the new price.
            const newPrice = error.details.price;
            if (newPrice !== undefined) book.hearPrice(asset.symbol, side, newPrice);
            setPriceChange({ price: newPrice });
            return;
          }
          // Paused since the book was read: read it again, which shows the pause.
          if (error.code === 'PRICE_STALE') void book.query.refetch();
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

  const fieldProblem = orderProblemOf(form.formState.errors[input.edited]?.message);
  const problem = fieldProblem
    ? problemText(t, asset, fieldProblem)
    : shortfall
      ? shortfallText(t, asset, shortfall)
      : null;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6" aria-label={t(`tabs.${side}`)}>
      {isSell ? <HoldingLine asset={asset} holding={holding} /> : <CashLine summary={summary} />}

      <OrderFields
        asset={asset}
        idPrefix={`${side}-${asset.symbol.toLowerCase()}`}
        form={form}
        input={input}
        problem={problem}
        onEdit={(field, text) => edit(field, text, { isTyped: true })}
      />

      <OrderSummary
        asset={asset}
        side={side}
        price={price}
        quote={evaluation.status === 'ok' && !shortfall ? evaluation.quote : null}
      />

      {isHalted ? <HaltedNotice asset={asset} /> : null}
      {priceChange ? (
        <PriceChangedNotice
          message={priceChangedText(t, asset, priceChange.price, 'order')}
          reviewLabel={t('prices.changed.review')}
          onReview={() => void onSubmit()}
        />
      ) : null}

      <OrderActions
        name={name}
        isSell={isSell}
        isDisabled={isSubmitDisabled}
        onSellAll={
          isSell && canSellHolding
            ? () => edit('quantity', heldQuantityText(held.quantity))
            : undefined
        }
      />

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
