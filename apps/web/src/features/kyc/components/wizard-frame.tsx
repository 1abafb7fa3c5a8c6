// The wizard's frame (SPEC §2): from the second step "KYC Verification", "Step N of 17", the
// progress bar (N / 17) and the step's name, with Back; the step's name is the heading that
// takes the focus when the step changes.
import type { ReactNode, Ref } from 'react';
import { ArrowLeft } from 'lucide-react';
import { kycStepCount } from '@secure-vault/shared/kyc';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useTranslation } from '@/lib/i18n';
import { hasHeader, type KycScreen, stepNumberOf } from '../steps';
import { ProgressBar } from './progress-bar';

export function WizardFrame({
  screen,
  headingRef,
  canGoBack,
  onBack,
  notice,
  children,
}: {
  screen: KycScreen;
  headingRef: Ref<HTMLHeadingElement>;
  /** False while a step is busy (saving, creating the account, processing). */
  canGoBack: boolean;
  onBack: () => void;
  /** Shown above the wizard, such as staff's reason for a rejection. */
  notice?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('kyc');
  const number = stepNumberOf(screen);
  const stepText = t('stepOf', { number, total: kycStepCount });
  const withHeader = hasHeader(screen);
  const Heading = withHeader ? 'h2' : 'h1';

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8 sm:py-10">
      {notice}
      {withHeader ? (
        <header className="grid gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
            <p className="text-sm font-medium text-muted-foreground" data-testid="kyc-step">
              {stepText}
            </p>
          </div>
          <ProgressBar
            value={number}
            max={kycStepCount}
            label={t('progress')}
            valueText={stepText}
          />
        </header>
      ) : null}
      <Card>
        <CardHeader className="gap-3">
          {withHeader && canGoBack ? (
            <Button variant="ghost" size="sm" className="-ms-3 w-fit" onClick={onBack}>
              <ArrowLeft aria-hidden className="rtl:rotate-180" />
              {t('back')}
            </Button>
          ) : null}
          <Heading
            ref={headingRef}
            tabIndex={-1}
            className="text-xl font-semibold tracking-tight focus:outline-none sm:text-2xl"
          >
            {withHeader ? t(`steps.${screen}`) : t('introduction.title')}
          </Heading>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </div>
  );
}
