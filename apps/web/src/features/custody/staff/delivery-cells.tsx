// What a row of Delivery Management says about one request (SPEC §3 delivery_requests), shared
// by the table and the phone cards: who asked, what goes out (name, quantity or kind, value), to
// whom and where, and when it was asked for.
import type { TFunction } from 'i18next';
import type { AdminDelivery } from '@secure-vault/shared/custody';
import { findAsset } from '@secure-vault/shared/catalogue';
import { formatDate } from '@/lib/format';
import {
  decimalsOf,
  formatAssetQuantity,
  formatQuantity,
  formatUsd,
  normalizeDecimal,
} from '@/lib/money';
import { useTranslation } from '@/lib/i18n';
import { holdingName } from '@/lib/valuable-text';
import { EmailAddress } from '@/components/ui/email-address';

/** Staff need the hour too: requests are handled in the order they came. */
const dateTime: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

export function deliveryDate(value: string): string {
  return formatDate(value, undefined, dateTime);
}

/** A phone number: always left to right, and allowed to wrap anywhere. */
export function Ltr({ children }: { children: string }) {
  return (
    <bdi dir="ltr" className="break-all">
      {children}
    </bdi>
  );
}

/** The item's name in the page's language (a listed metal by its catalogue name). */
export function deliveryItemName(t: TFunction, delivery: AdminDelivery): string {
  return holdingName(t, delivery);
}

/** Part of a position ("1,000.000 mg"), or what kind of item goes as a whole ("Jewelry"). */
function amountOf(t: TFunction, delivery: AdminDelivery): string {
  const { quantity, assetSymbol, unit, itemType } = delivery;
  if (quantity === null) return t(`vault:itemTypes.${itemType}`, { defaultValue: itemType });
  const asset = assetSymbol ? findAsset(assetSymbol) : undefined;
  if (asset) return formatAssetQuantity(t, asset, quantity);
  const number = formatQuantity(quantity, decimalsOf(normalizeDecimal(quantity)));
  return unit ? `${number} ${unit}` : number;
}

export function DeliveryItem({ delivery }: { delivery: AdminDelivery }) {
  const { t } = useTranslation(['admin', 'vault', 'catalogue']);
  return (
    <span className="grid gap-0.5" data-testid="delivery-item">
      <span className="font-medium">
        <bdi>{deliveryItemName(t, delivery)}</bdi>
      </span>
      <span className="text-xs text-muted-foreground tabular-nums">
        {amountOf(t, delivery)}
        {delivery.estimatedValue === null ? null : (
          <>
            <span aria-hidden> · </span>
            <span className="sr-only">{t('delivery.item.value')}: </span>
            {formatUsd(delivery.estimatedValue)}
          </>
        )}
      </span>
    </span>
  );
}

export function DeliveryRecipient({ delivery }: { delivery: AdminDelivery }) {
  const { t } = useTranslation('admin');
  return (
    <span className="grid gap-0.5" data-testid="delivery-recipient">
      <span className="font-medium">
        <bdi>{delivery.recipientName}</bdi>
      </span>
      <span className="text-xs text-muted-foreground">
        <span className="sr-only">{t('delivery.recipient.email')}: </span>
        <EmailAddress email={delivery.recipientEmail} />
      </span>
      <span className="text-xs text-muted-foreground">
        <span className="sr-only">{t('delivery.recipient.phone')}: </span>
        <Ltr>{delivery.recipientPhone}</Ltr>
      </span>
      <span className="whitespace-pre-line text-xs text-muted-foreground">
        <span className="sr-only">{t('delivery.recipient.address')}: </span>
        <bdi>{delivery.recipientAddress}</bdi>
      </span>
    </span>
  );
}
