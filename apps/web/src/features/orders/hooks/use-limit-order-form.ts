// The limit order form's state and submission (issue 29): the contract's body schema checks it;
// before sending, a 101st open order, a day out of range and an order the shared rules refuse
// (orderReservation: the quantity's decimals, the smallest order) are said on their fields; it is
// sent with an Idempotency-Key, reused by a retry of the same order, as the Buy and Sell tabs do.
// The server's refusals land on their fields; one about cash or the asset is the form's own. The
// limit follows the book's price on the chosen side until the customer types one.
import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import type { Asset } from '@secure-vault/shared/catalogue';
import {
  type LimitOrder,
  limitOrderInputSchema,
  maxOpenOrders,
  type OrderSide,
  orderReservation,
  type OrderTermsError,
} from '@secure-vault/shared/orders';
import type { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { formatUsd } from '@/lib/money';
import { toast } from '@/lib/toast';
import { usePlaceLimitOrder } from '../api/place-limit-order';
import { fillText, goodUntilRange, orderText } from '../order-text';

/** The book's price on each side now: what a buyer pays, what a seller receives. */
export type SidePrices = Readonly<Record<OrderSide, string>>;

type Problem = { field: 'quantity' | 'goodUntil'; message: string };

/** The message key of an order the shared rules refuse, said on the quantity. */
export function termsErrorKey(asset: Asset, error: OrderTermsError): string {
  if (error === 'BELOW_MINIMUM') return 'trading:errors.belowMinimum';
  if (error === 'TOO_LARGE') return 'trading:errors.tooLarge';
  return asset.kind === 'metal'
    ? 'trading:errors.quantityInvalidMg'
    : 'trading:errors.quantityInvalidUnits';
}

function problemBeforeSending(
  asset: Asset,
  body: { side: OrderSide; quantity: string; limitPrice: string; goodUntil: string | null },
  openCount: number | undefined,
): Problem | null {
  if (openCount !== undefined && openCount >= maxOpenOrders) {
    return { field: 'quantity', message: 'trading:orders.errors.tooMany' };
  }
  const { min, max } = goodUntilRange();
  if (body.goodUntil !== null && (body.goodUntil < min || body.goodUntil > max)) {
    return { field: 'goodUntil', message: 'trading:orders.errors.dateRange' };
  }
  const reservation = orderReservation(asset, body);
  return reservation.ok
    ? null
    : { field: 'quantity', message: termsErrorKey(asset, reservation.error) };
}

/** A refusal the server answered with a code: on the quantity when it is about it, else a text. */
function refusalOf(t: TFunction, asset: Asset, error: ApiError): Problem | string {
  switch (error.code) {
    case 'QUANTITY_INVALID':
      return { field: 'quantity', message: termsErrorKey(asset, 'QUANTITY_INVALID') };
    case 'BELOW_MINIMUM':
      return { field: 'quantity', message: 'trading:errors.belowMinimum' };
    case 'INSUFFICIENT_HOLDING':
      return { field: 'quantity', message: 'trading:errors.insufficientHolding' };
    case 'INSUFFICIENT_CASH': {
      const { needed, balance } = error.details;
      return needed !== undefined && balance !== undefined
        ? t('errors.insufficientCash', { needed: formatUsd(needed), available: formatUsd(balance) })
        : t('errors.insufficientCashUnknown');
    }
    case 'ASSET_UNAVAILABLE':
      return t('orders.errors.assetUnavailable', { name: t(`catalogue:${asset.symbol}.name`) });
    case 'UNKNOWN_ASSET':
      return t('errors.unknownAsset');
    default:
      return apiErrorText(t, error, t('orders.tryAgain'));
  }
}

function placedText(t: TFunction, order: LimitOrder): string {
  return order.status === 'filled'
    ? t('orders.filledAtOnce', { order: orderText(t, order), fill: fillText(t, order) })
    : t('orders.placed', { order: orderText(t, order) });
}

export function useLimitOrderForm(asset: Asset, prices: SidePrices, openCount: number | undefined) {
  const { t } = useTranslation(['trading', 'catalogue', 'auth']);
  const form = useSchemaForm(limitOrderInputSchema, {
    defaultValues: {
      symbol: asset.symbol,
      side: 'buy',
      quantity: '',
      limitPrice: prices.buy,
      goodUntil: null,
    },
  });
  const place = usePlaceLimitOrder();
  const orderKey = useIdempotencyKey();
  const [isLimitTyped, setIsLimitTyped] = useState(false);
  const bookPrice = prices[form.watch('side')];
  useEffect(() => {
    if (!isLimitTyped) form.setValue('limitPrice', bookPrice);
  }, [form, bookPrice, isLimitTyped]);

  const onSubmit = form.handleSubmit((body) => {
    form.clearErrors('root');
    const problem = problemBeforeSending(asset, body, openCount);
    if (problem) {
      form.setError(
        problem.field,
        { type: 'validate', message: problem.message },
        { shouldFocus: true },
      );
      return;
    }
    place.mutate(
      { body, idempotencyKey: orderKey.keyFor(body) },
      {
        onSuccess: (order) => {
          orderKey.settle();
          setIsLimitTyped(false);
          form.reset({ ...body, quantity: '', limitPrice: prices[body.side] });
          toast.success(placedText(t, order));
        },
        onError: (error) => {
          if (setServerIssues(form, error)) return;
          const refusal = refusalOf(t, asset, error);
          if (typeof refusal === 'string') {
            form.setError('root', { type: 'server', message: refusal });
            return;
          }
          const { field, message } = refusal;
          form.setError(field, { type: 'server', message }, { shouldFocus: true });
        },
      },
    );
  });

  const onLimitTyped = () => setIsLimitTyped(true);

  return { form, onSubmit, onLimitTyped, isSending: place.isPending };
}

export type LimitOrderForm = ReturnType<typeof useLimitOrderForm>['form'];
