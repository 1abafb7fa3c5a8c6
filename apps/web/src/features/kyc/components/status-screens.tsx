// What /kyc shows once the wizard is done with (DESIGN §5): under review after submitting, verified
// once staff approve; and the reason of a rejection above the wizard, to correct and resubmit.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, BadgeCheck, Hourglass, XCircle } from 'lucide-react';
import { paths } from '@secure-vault/shared/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';

export function RejectionNotice({ reason }: { reason: string }) {
  const { t } = useTranslation('kyc');
  return (
    <Alert tone="danger" data-testid="kyc-rejection">
      <XCircle aria-hidden className="text-destructive" />
      <div className="grid gap-1">
        <p className="font-semibold">{t('rejected.title')}</p>
        {reason ? (
          <p>
            <span className="font-medium">{t('rejected.reason')}</span> <bdi>{reason}</bdi>
          </p>
        ) : null}
        <p className="text-muted-foreground">{t('rejected.hint')}</p>
      </div>
    </Alert>
  );
}

function StatusScreen({
  icon,
  title,
  description,
  when,
  testId,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  when: string | null;
  testId: string;
}) {
  const { t } = useTranslation('kyc');
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8 sm:py-10">
      <Card data-testid={testId}>
        <CardContent className="grid justify-items-center gap-4 p-8 text-center">
          <span aria-hidden className="[&_svg]:size-12">
            {icon}
          </span>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          <p className="max-w-md text-muted-foreground">{description}</p>
          {when ? <p className="text-sm text-muted-foreground">{when}</p> : null}
          <Button asChild variant="outline">
            <Link to={paths.dashboard}>
              <ArrowLeft aria-hidden className="rtl:rotate-180" />
              {t('status.dashboard')}
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

export function UnderReviewScreen({ submittedAt }: { submittedAt: string | null }) {
  const { t } = useTranslation('kyc');
  return (
    <StatusScreen
      testId="kyc-under-review"
      icon={<Hourglass className="text-accent-strong" />}
      title={t('status.underReview.title')}
      description={t('status.underReview.description')}
      when={
        submittedAt ? t('status.underReview.submittedAt', { date: formatDate(submittedAt) }) : null
      }
    />
  );
}

export function VerifiedScreen({ decidedAt }: { decidedAt: string | null }) {
  const { t } = useTranslation('kyc');
  return (
    <StatusScreen
      testId="kyc-verified"
      icon={<BadgeCheck className="text-success" />}
      title={t('status.approved.title')}
      description={t('status.approved.description')}
      when={decidedAt ? t('status.approved.decidedAt', { date: formatDate(decidedAt) }) : null}
    />
  );
}
