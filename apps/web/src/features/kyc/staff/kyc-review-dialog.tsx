// One customer's verification for review (KYC Management): who they are, the status and any
// earlier decision, every answer of the wizard grouped as the wizard asks them, the documents,
// and — while it awaits review — approve or reject with a reason.
import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import * as kyc from '@secure-vault/shared/kyc/contracts';
import type { KycReview } from '@secure-vault/shared/kyc';
import { Alert } from '@/components/ui/alert';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useApiQuery } from '@/lib/api-query';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { KycAnswers } from './kyc-answers';
import { KycDecision } from './kyc-decision';
import { KycDocuments } from './kyc-documents';
import { StatusBadge } from '@/components/ui/status-badge';
import { kycStatusTones } from '../kyc-status';
import { EmailAddress } from '@/components/ui/email-address';

export function KycReviewDialog({
  userId,
  onClose,
}: {
  userId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Dialog
      open={userId !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
    >
      <DialogContent
        closeLabel={t('kyc.detail.close')}
        // The shared dialog is narrow; a review needs room for two columns and the documents.
        className="sm:max-w-2xl lg:max-w-4xl"
        data-testid="kyc-review"
      >
        <DialogHeader>
          <DialogTitle>{t('kyc.detail.title')}</DialogTitle>
          <DialogDescription>{t('kyc.detail.description')}</DialogDescription>
        </DialogHeader>
        {userId ? <ReviewBody userId={userId} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ReviewBody({ userId }: { userId: string }) {
  const { t } = useTranslation('admin');
  const review = useApiQuery(kyc.getKycReview, { params: { userId } });

  if (!review.data) {
    if (review.isError) {
      const isGone = review.error instanceof ApiError && review.error.code === 'NOT_FOUND';
      return (
        <LoadError onRetry={() => void review.refetch()} isRetrying={review.isFetching}>
          {isGone ? t('kyc.detail.notFound') : t('kyc.detail.loadError')}
        </LoadError>
      );
    }
    return (
      <div className="grid gap-3" aria-busy="true">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  const data = review.data;
  return (
    <div className="grid min-w-0 gap-6">
      <ReviewSummary review={data} />
      {data.status === 'rejected' && data.rejectionReason ? (
        <Alert tone="danger" data-testid="kyc-rejection-reason">
          <CircleAlert aria-hidden className="text-destructive" />
          <div className="grid gap-1">
            <p className="font-semibold">{t('kyc.detail.rejectedBecause')}</p>
            {/* Staff's words in their own direction: an English reason's full stop stays at
                its end on an Arabic page. */}
            <p dir="auto" className="whitespace-pre-line break-words rtl:text-right">
              {data.rejectionReason}
            </p>
          </div>
        </Alert>
      ) : null}
      <KycAnswers review={data} />
      <KycDocuments review={data} />
      {data.status === 'submitted' ? (
        <KycDecision review={data} />
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="kyc-no-decision">
          {t(`kyc.detail.noDecision.${data.status}`)}
        </p>
      )}
    </div>
  );
}

function ReviewSummary({ review }: { review: KycReview }) {
  const { t } = useTranslation('admin');
  const rows: { key: string; value: ReactNode }[] = [
    {
      key: 'email',
      value: <EmailAddress email={review.email} />,
    },
    {
      key: 'accountNumber',
      value: review.accountNumber ? (
        <bdi dir="ltr" className="font-mono">
          {review.accountNumber}
        </bdi>
      ) : (
        <span className="text-muted-foreground">{t('kyc.notAvailable')}</span>
      ),
    },
    {
      key: 'submittedAt',
      value: review.submittedAt ? (
        formatDate(review.submittedAt, undefined, { dateStyle: 'medium', timeStyle: 'short' })
      ) : (
        <span className="text-muted-foreground">{t('kyc.notSubmitted')}</span>
      ),
    },
  ];
  if (review.decidedAt) {
    rows.push({
      key: 'decidedAt',
      value: formatDate(review.decidedAt, undefined, { dateStyle: 'medium', timeStyle: 'short' }),
    });
  }
  return (
    <div className="grid gap-3 rounded-md border bg-muted/40 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-muted-foreground">{t('kyc.status')}:</span>
        <StatusBadge
          status={review.status}
          tones={kycStatusTones}
          label={t(`kyc.statuses.${review.status}`)}
          testId="kyc-status-badge"
        />
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {rows.map(({ key, value }) => (
          <div key={key} className="grid min-w-0 gap-0.5">
            <dt className="text-muted-foreground">{t(`kyc.detail.${key}`)}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
