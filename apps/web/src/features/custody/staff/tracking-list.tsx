// The Tracking tab's list (SPEC §2 tab 8, §3 delivery_tracking): every record with the request's
// recipient and the customer's email, its status, location, message and date. A table on wide
// screens, one card per record on phones.
import type { AdminTrackingRecord } from '@secure-vault/shared/custody';
import { useTranslation } from '@/lib/i18n';
import { EmailAddress } from '@/components/ui/email-address';
import { deliveryDate } from './delivery-cells';
import { StatusBadge } from '@/components/ui/status-badge';
import { deliveryStatusTones } from '../delivery-status';

/** An optional field left empty: a muted word rather than a blank cell. */
function Optional({ value, multiLine = false }: { value: string | null; multiLine?: boolean }) {
  const { t } = useTranslation('admin');
  if (!value) return <span className="text-muted-foreground">{t('tracking.none')}</span>;
  return (
    <bdi className={multiLine ? 'whitespace-pre-line break-words' : 'break-words'}>{value}</bdi>
  );
}

export function TrackingList({ items }: { items: AdminTrackingRecord[] }) {
  const { t } = useTranslation('admin');
  const headClass = 'px-3 py-2.5 text-start font-medium text-muted-foreground';

  return (
    <>
      <ul
        className="grid gap-3 lg:hidden"
        aria-label={t('tracking.caption')}
        data-testid="tracking-cards"
      >
        {items.map((record) => (
          <li
            key={record.id}
            className="grid gap-3 rounded-md border p-4"
            data-testid="tracking-card"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <span className="grid gap-0.5">
                <span className="font-medium">
                  <bdi>{record.recipientName}</bdi>
                </span>
                <span className="text-xs text-muted-foreground">
                  <EmailAddress email={record.userEmail} />
                </span>
              </span>
              <StatusBadge
                status={record.status}
                tones={deliveryStatusTones}
                label={t(`delivery.statuses.${record.status}`)}
                testId="delivery-status-badge"
              />
            </div>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">{t('tracking.columns.location')}</dt>
              <dd className="text-end">
                <Optional value={record.location} />
              </dd>
              <dt className="text-muted-foreground">{t('tracking.columns.message')}</dt>
              <dd className="text-end">
                <Optional value={record.message} multiLine />
              </dd>
              <dt className="text-muted-foreground">{t('tracking.columns.date')}</dt>
              <dd className="text-end">{deliveryDate(record.createdAt)}</dd>
            </dl>
          </li>
        ))}
      </ul>
      <div className="relative hidden overflow-x-auto rounded-md border lg:block">
        <table className="w-full text-sm" data-testid="tracking-table">
          <caption className="sr-only">{t('tracking.caption')}</caption>
          <thead className="border-b bg-muted/50">
            <tr>
              <th scope="col" className={headClass}>
                {t('tracking.columns.recipient')}
              </th>
              <th scope="col" className={headClass}>
                {t('tracking.columns.customer')}
              </th>
              <th scope="col" className={headClass}>
                {t('tracking.columns.status')}
              </th>
              <th scope="col" className={headClass}>
                {t('tracking.columns.location')}
              </th>
              <th scope="col" className={headClass}>
                {t('tracking.columns.message')}
              </th>
              <th scope="col" className={headClass}>
                {t('tracking.columns.date')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {items.map((record) => (
              <tr key={record.id} className="align-top" data-testid="tracking-row">
                <th scope="row" className="max-w-48 px-3 py-2.5 text-start font-medium">
                  <bdi>{record.recipientName}</bdi>
                </th>
                <td className="max-w-56 px-3 py-2.5">
                  <EmailAddress email={record.userEmail} />
                </td>
                <td className="px-3 py-2.5">
                  <StatusBadge
                    status={record.status}
                    tones={deliveryStatusTones}
                    label={t(`delivery.statuses.${record.status}`)}
                    testId="delivery-status-badge"
                  />
                </td>
                <td className="max-w-48 px-3 py-2.5">
                  <Optional value={record.location} />
                </td>
                <td className="max-w-72 px-3 py-2.5">
                  <Optional value={record.message} multiLine />
                </td>
                <td className="min-w-28 px-3 py-2.5">{deliveryDate(record.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
