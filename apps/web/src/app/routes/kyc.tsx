// /kyc (SPEC §2, DESIGN §5): the identity verification wizard, opened where the server's draft
// left off; once submitted, "Under review"; once approved, verified; once rejected, the wizard
// again with staff's reason.
import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { LoadError } from '@/components/ui/load-error';
import { useSession } from '@/lib/auth/get-session';
import { useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { KycWizard } from '@/features/kyc/components/kyc-wizard';
import { UnderReviewScreen, VerifiedScreen } from '@/features/kyc/components/status-screens';
import { useKycState } from '@/features/kyc/hooks/use-kyc-state';

export default function KycRoute() {
  const { t } = useTranslation(['kyc', 'auth']);
  usePageTitle(t('pageTitle'));
  const { data: session } = useSession();
  const kyc = useKycState();
  // Submitting: the wizard stays until it has shown "Processing Your Documents" and left.
  const [isSubmitting, setSubmitting] = useState(false);

  if (kyc.isError && !kyc.data) {
    return (
      <div className="mx-auto grid max-w-2xl gap-6 px-4 py-8 sm:py-10">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
        <LoadError
          title={t('loadFailed.title')}
          onRetry={() => void kyc.refetch()}
          isRetrying={kyc.isFetching}
        >
          {t('loadFailed.description')}
        </LoadError>
      </div>
    );
  }
  if (!kyc.data || !session) {
    return (
      <div className="flex justify-center px-4 py-16">
        <Spinner label={t('common:loading')} />
      </div>
    );
  }

  const state = kyc.data;
  if (!isSubmitting && state.status === 'submitted') {
    return <UnderReviewScreen submittedAt={state.submittedAt} />;
  }
  if (!isSubmitting && state.status === 'approved') {
    return <VerifiedScreen decidedAt={state.decidedAt} />;
  }
  return <KycWizard state={state} accountEmail={session.user.email} onBusyChange={setSubmitting} />;
}
