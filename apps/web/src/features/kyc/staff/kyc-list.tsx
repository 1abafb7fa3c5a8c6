// KYC Management's list: a table on wide screens; below, one card per customer (as the Users tab
// does), so the status and the Review action never hide in a side-scroller on a phone.
import { Eye } from 'lucide-react';
import type { KycListItem } from '@secure-vault/shared/kyc';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { StatusBadge } from '@/components/ui/status-badge';
import { kycStatusTones } from '../kyc-status';

/** The profile's flag is the approval itself, also for an account verified before this record. */
const statusOf = (item: KycListItem) => (item.kycCompleted ? 'approved' : item.status);

export function KycList({
  items,
  onReview,
}: {
  items: KycListItem[];
  onReview: (userId: string) => void;
}) {
  const { t } = useTranslation('admin');
  const headClass = 'px-3 py-2.5 text-start font-medium text-muted-foreground';
  const reviewButton = (item: KycListItem) => (
    <Button variant="outline" size="sm" onClick={() => onReview(item.userId)}>
      <Eye aria-hidden />
      {t('kyc.review')}
      <span className="sr-only"> ({item.email})</span>
    </Button>
  );
  const submitted = (item: KycListItem) =>
    item.submittedAt ? (
      formatDate(item.submittedAt)
    ) : (
      <span className="text-muted-foreground">{t('kyc.notSubmitted')}</span>
    );
  const fullName = (item: KycListItem) =>
    item.fullName ?? <span className="text-muted-foreground">{t('kyc.notProvided')}</span>;

  return (
    <>
      <ul className="grid gap-3 lg:hidden" aria-label={t('kyc.caption')} data-testid="kyc-cards">
        {items.map((item) => (
          <li key={item.userId} className="grid gap-3 rounded-md border p-4" data-testid="kyc-card">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="min-w-0 font-medium">
                <bdi dir="ltr" className="break-all">
                  {item.email}
                </bdi>
              </p>
              <StatusBadge
                status={statusOf(item)}
                tones={kycStatusTones}
                label={t(`kyc.statuses.${statusOf(item)}`)}
                testId="kyc-status-badge"
              />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
              <dt className="text-muted-foreground">{t('kyc.fullName')}</dt>
              <dd className="text-end">{fullName(item)}</dd>
              <dt className="text-muted-foreground">{t('kyc.submittedAt')}</dt>
              <dd className="text-end">{submitted(item)}</dd>
              <dt className="text-muted-foreground">{t('kyc.createdAt')}</dt>
              <dd className="text-end">{formatDate(item.createdAt)}</dd>
            </dl>
            {reviewButton(item)}
          </li>
        ))}
      </ul>
      <div className="relative hidden overflow-x-auto rounded-md border lg:block">
        <table className="w-full text-sm" data-testid="kyc-table">
          <caption className="sr-only">{t('kyc.caption')}</caption>
          <thead className="border-b bg-muted/50">
            <tr>
              <th scope="col" className={headClass}>
                {t('kyc.email')}
              </th>
              <th scope="col" className={headClass}>
                {t('kyc.fullName')}
              </th>
              <th scope="col" className={headClass}>
                {t('kyc.status')}
              </th>
              <th scope="col" className={headClass}>
                {t('kyc.submittedAt')}
              </th>
              <th scope="col" className={headClass}>
                {t('kyc.createdAt')}
              </th>
              <th scope="col" className={headClass}>
                <span className="sr-only">{t('kyc.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {items.map((item) => (
              <tr key={item.userId} data-testid="kyc-row">
                <th scope="row" className="max-w-64 px-3 py-2.5 text-start font-medium">
                  <bdi dir="ltr" className="break-all">
                    {item.email}
                  </bdi>
                </th>
                <td className="px-3 py-2.5">{fullName(item)}</td>
                <td className="px-3 py-2.5">
                  <StatusBadge
                    status={statusOf(item)}
                    tones={kycStatusTones}
                    label={t(`kyc.statuses.${statusOf(item)}`)}
                    testId="kyc-status-badge"
                  />
                </td>
                <td className="whitespace-nowrap px-3 py-2.5">{submitted(item)}</td>
                <td className="whitespace-nowrap px-3 py-2.5">{formatDate(item.createdAt)}</td>
                <td className="px-3 py-2 text-end">{reviewButton(item)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
