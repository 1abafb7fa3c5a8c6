// Delivery Management's list (SPEC §2 tab 6): customer, item, recipient, status, date and the
// actions. A table on wide screens; below, one card per request, as the other tabs do, so the
// status and its dropdown never hide in a side-scroller on a phone.
import type { ReactNode } from 'react';
import type { AdminDelivery } from '@secure-vault/shared/custody';
import { useTranslation } from '@/lib/i18n';
import { DeliveryItem, DeliveryRecipient, Ltr, deliveryDate } from './delivery-cells';
import { StatusBadge } from '@/components/ui/status-badge';
import { deliveryStatusTones } from '../delivery-status';

/** Where the actions go: the ids of their controls differ between the two layouts. */
export type DeliveryLayout = 'table' | 'card';

export function DeliveryList({
  items,
  actions,
}: {
  items: AdminDelivery[];
  actions: (delivery: AdminDelivery, layout: DeliveryLayout) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const headClass = 'px-3 py-2.5 text-start font-medium text-muted-foreground';

  return (
    <>
      <ul
        className="grid gap-3 lg:hidden"
        aria-label={t('delivery.caption')}
        data-testid="delivery-cards"
      >
        {items.map((delivery) => (
          <li
            key={delivery.id}
            className="grid gap-3 rounded-md border p-4"
            data-testid="delivery-card"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <DeliveryItem delivery={delivery} />
              <StatusBadge
                status={delivery.status}
                tones={deliveryStatusTones}
                label={t(`delivery.statuses.${delivery.status}`)}
                testId="delivery-status-badge"
              />
            </div>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">{t('delivery.columns.customer')}</dt>
              <dd className="text-end">
                <Ltr>{delivery.userEmail}</Ltr>
              </dd>
              <dt className="text-muted-foreground">{t('delivery.columns.recipient')}</dt>
              <dd className="grid justify-items-end text-end">
                <DeliveryRecipient delivery={delivery} />
              </dd>
              <dt className="text-muted-foreground">{t('delivery.columns.created')}</dt>
              <dd className="text-end">{deliveryDate(delivery.createdAt)}</dd>
            </dl>
            {actions(delivery, 'card')}
          </li>
        ))}
      </ul>
      <div className="relative hidden overflow-x-auto rounded-md border lg:block">
        <table className="w-full text-sm" data-testid="delivery-table">
          <caption className="sr-only">{t('delivery.caption')}</caption>
          <thead className="border-b bg-muted/50">
            <tr>
              <th scope="col" className={headClass}>
                {t('delivery.columns.customer')}
              </th>
              <th scope="col" className={headClass}>
                {t('delivery.columns.item')}
              </th>
              <th scope="col" className={headClass}>
                {t('delivery.columns.recipient')}
              </th>
              <th scope="col" className={headClass}>
                {t('delivery.columns.status')}
              </th>
              <th scope="col" className={headClass}>
                {t('delivery.columns.created')}
              </th>
              <th scope="col" className={headClass}>
                {t('delivery.columns.actions')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {items.map((delivery) => (
              <tr key={delivery.id} className="align-top" data-testid="delivery-row">
                <th scope="row" className="max-w-48 px-3 py-2.5 text-start font-normal">
                  <Ltr>{delivery.userEmail}</Ltr>
                </th>
                <td className="max-w-48 px-3 py-2.5">
                  <DeliveryItem delivery={delivery} />
                </td>
                <td className="max-w-56 px-3 py-2.5">
                  <DeliveryRecipient delivery={delivery} />
                </td>
                <td className="px-3 py-2.5">
                  <StatusBadge
                    status={delivery.status}
                    tones={deliveryStatusTones}
                    label={t(`delivery.statuses.${delivery.status}`)}
                    testId="delivery-status-badge"
                  />
                </td>
                <td className="min-w-28 px-3 py-2.5">{deliveryDate(delivery.createdAt)}</td>
                <td className="min-w-64 px-3 py-2">{actions(delivery, 'table')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
