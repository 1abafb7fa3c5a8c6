// One of the customer's delivery requests (SPEC §2 tracking view, §3 delivery_requests; DESIGN §5):
// the item and how much of it, its status, when it was asked for and last changed, who receives
// it, and its tracking records. It can be cancelled until it ships.
import { type ReactNode, useRef } from 'react';
import type { TFunction } from 'i18next';
import { findAsset } from '@secure-vault/shared/catalogue';
import type { Delivery } from '@secure-vault/shared/custody';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { formatAssetQuantity, formatUsd, ltrIsolate, normalizeDecimal } from '@/lib/money';
import { cn } from '@/lib/utils';
import { holdingName } from '@/lib/valuable-text';
import { internationalPhone } from '../delivery-items';
import { DeliveryCancel } from './delivery-cancel';
import { StatusBadge } from '@/components/ui/status-badge';
import { deliveryStatusTones } from '../delivery-status';
import { DeliveryTimeline, trackingOf } from './delivery-timeline';

const dateTime: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** DESIGN §5: a delivery can be cancelled before it ships. */
export function isCancellable(delivery: Pick<Delivery, 'status'>): boolean {
  return delivery.status === 'pending' || delivery.status === 'processing';
}

/** "250.000 mg" of a metal position; "The whole item" for anything else. */
function quantityText(t: TFunction, delivery: Delivery): string {
  if (delivery.quantity === null) return t('custody:delivery.tracking.wholeItem');
  const asset = delivery.assetSymbol ? findAsset(delivery.assetSymbol) : undefined;
  if (asset) return formatAssetQuantity(t, asset, delivery.quantity);
  const unit = delivery.unit === 'mg' ? t('catalogue:units.mg') : (delivery.unit ?? '');
  return `${ltrIsolate(normalizeDecimal(delivery.quantity))} ${unit}`.trim();
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-sm font-medium">{children}</dd>
    </div>
  );
}

export function DeliveryEntry({
  delivery,
  canCancel,
  isJustRequested,
}: {
  delivery: Delivery;
  /** False while staff view the account: cancelling is the customer's alone. */
  canCancel: boolean;
  isJustRequested: boolean;
}) {
  const { t } = useTranslation(['custody', 'catalogue']);
  const itemName = holdingName(t, delivery);
  const headingId = `delivery-${delivery.id}`;
  const heading = useRef<HTMLHeadingElement>(null);
  const updatesId = `delivery-${delivery.id}-updates`;

  return (
    <li>
      <article
        aria-labelledby={headingId}
        className={cn(
          'grid gap-4 rounded-lg border bg-card p-4 sm:p-5',
          isJustRequested && 'border-success/60 ring-1 ring-success/40',
        )}
        data-testid="delivery-entry"
        data-status={delivery.status}
      >
        <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="grid min-w-0 gap-1">
            <h3
              id={headingId}
              ref={heading}
              tabIndex={-1}
              className="break-words font-semibold outline-none"
            >
              <bdi>{itemName}</bdi>
            </h3>
            <p className="text-xs text-muted-foreground">
              {t('delivery.tracking.requested', {
                date: formatDate(delivery.createdAt, undefined, dateTime),
              })}
              {delivery.updatedAt !== delivery.createdAt ? (
                <>
                  {' · '}
                  {t('delivery.tracking.updated', {
                    date: formatDate(delivery.updatedAt, undefined, dateTime),
                  })}
                </>
              ) : null}
            </p>
          </div>
          <StatusBadge
            status={delivery.status}
            tones={deliveryStatusTones}
            label={t(`delivery.statuses.${delivery.status}`)}
            testId="delivery-status"
            className="text-sm"
          />
        </header>

        <dl className="grid gap-3 sm:grid-cols-2">
          <Row label={t('delivery.tracking.quantity')}>
            <span className="tabular-nums">{quantityText(t, delivery)}</span>
          </Row>
          <Row label={t('delivery.tracking.value')}>
            <span className="tabular-nums">
              {delivery.estimatedValue === null
                ? t('delivery.picker.notValued')
                : formatUsd(delivery.estimatedValue)}
            </span>
          </Row>
          <Row label={t('delivery.tracking.recipient')}>
            <span className="grid gap-0.5 font-normal">
              <bdi className="font-medium rtl:text-right">{delivery.recipientName}</bdi>
              <bdi dir="ltr" className="justify-self-start">
                {internationalPhone(delivery.recipientPhone)}
              </bdi>
              <bdi dir="ltr" className="justify-self-start break-all">
                {delivery.recipientEmail}
              </bdi>
            </span>
          </Row>
          <Row label={t('delivery.tracking.address')}>
            {/* The address may be in another script than the page: it lays itself out. */}
            <span dir="auto" className="block whitespace-pre-line font-normal rtl:text-right">
              {delivery.recipientAddress}
            </span>
          </Row>
        </dl>

        <section className="grid gap-2">
          <h4 id={updatesId} className="text-sm font-semibold">
            {t('delivery.tracking.updates')}
          </h4>
          <DeliveryTimeline records={trackingOf(delivery)} labelId={updatesId} />
        </section>

        {canCancel && isCancellable(delivery) ? (
          <div className="flex justify-end">
            <DeliveryCancel
              delivery={delivery}
              itemName={itemName}
              onConfirmed={() => heading.current?.focus()}
            />
          </div>
        ) : null}
      </article>
    </li>
  );
}
