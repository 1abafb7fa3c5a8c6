// What a limit order will do, before it is sent (issue 29): what it reserves of the vault, as the
// server reckons it (orderReservation: a buy's cash at its limit, rounded up to the cent; a sell's
// quantity), when it fills and at what price, and how long it is good. The Place button is
// described by it, so a screen reader hears it there.
import type { TFunction } from 'i18next';
import { useWatch } from 'react-hook-form';
import { type Asset, quantityDecimals } from '@secure-vault/shared/catalogue';
import { limitOrderInputSchema, orderReservation } from '@secure-vault/shared/orders';
import { useTranslation } from '@/lib/i18n';
import { formatUsd } from '@/lib/money';
import { cn } from '@/lib/utils';
import { type LimitOrderForm, termsErrorKey } from '../hooks/use-limit-order-form';
import { dayText, limitText, quantityText } from '../order-text';

const { limitPrice: limitField, goodUntil: dayField } = limitOrderInputSchema.shape;

function useReserves(asset: Asset, form: LimitOrderForm) {
  const { t } = useTranslation(['trading', 'catalogue']);
  const [side, quantity, limitPrice] = useWatch({
    control: form.control,
    name: ['side', 'quantity', 'limitPrice'],
  });
  const limit = limitField.safeParse(limitPrice);
  if (!limit.success) return { limit: null, reserves: null, problem: null };
  const typed = quantity.trim();
  if (typed === '') return { limit: limit.data, reserves: null, problem: null };
  const reservation = orderReservation(asset, { side, quantity: typed, limitPrice: limit.data });
  if (!reservation.ok) {
    const problem = t(termsErrorKey(asset, reservation.error), {
      decimals: quantityDecimals(asset),
    });
    return { limit: limit.data, reserves: null, problem };
  }
  const reserves =
    side === 'buy'
      ? t('orders.preview.reservesCash', { amount: formatUsd(reservation.reserved) })
      : t('orders.preview.reservesHolding', {
          quantity: quantityText(t, asset.symbol, reservation.reserved),
          name: t(`catalogue:${asset.symbol}.name`),
        });
  return { limit: limit.data, reserves, problem: null };
}

/** Until cancelled, until the end of a day, or the day still to be picked. */
function untilText(t: TFunction, goodUntil: string | null): string {
  if (goodUntil === null) return t('orders.preview.untilCancelled');
  const day = dayField.safeParse(goodUntil);
  return day.success && day.data !== null
    ? t('orders.preview.untilDay', { date: dayText(day.data) })
    : t('orders.preview.pickDay');
}

export function OrderPreview({ asset, form }: { asset: Asset; form: LimitOrderForm }) {
  const { t } = useTranslation(['trading', 'catalogue']);
  const [side, goodUntil] = useWatch({ control: form.control, name: ['side', 'goodUntil'] });
  const { limit, reserves, problem } = useReserves(asset, form);
  return (
    <div
      id="order-preview"
      className="grid gap-1 rounded-md border bg-muted/40 px-4 py-3 text-sm"
      data-testid="order-preview"
    >
      <p
        className={cn(
          reserves ? 'font-semibold' : problem ? 'text-destructive' : 'text-muted-foreground',
        )}
        data-testid="order-reserves"
      >
        {reserves ?? problem ?? t('orders.preview.incomplete')}
      </p>
      {limit ? (
        <p data-testid="order-fills">
          {t(`orders.preview.${side}`, { limit: limitText(t, asset.symbol, limit) })}
        </p>
      ) : null}
      <p className="text-muted-foreground" data-testid="order-until">
        {untilText(t, goodUntil)}
      </p>
    </div>
  );
}
