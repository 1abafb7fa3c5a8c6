// The steps that only tell: Introduction (Get Started), Completion ("Congratulations!" with its
// three ticks) and the verification intro ("Let's get you verified"), SPEC §2. Their button saves
// the move to the next step like any other.
import { type ReactNode, useState } from 'react';
import {
  BadgeCheck,
  Check,
  FileUp,
  Camera,
  IdCard,
  ListChecks,
  ScanSearch,
  UserRound,
  Wallet,
  Wifi,
} from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n';
import { reportSaveError } from '../step-parts';
import type { StepProps } from '../step-types';

type InfoStepProps = Pick<StepProps, 'onComplete'>;

function ContinueButton({ label, onComplete }: { label: string } & InfoStepProps) {
  const { t } = useTranslation(['kyc', 'auth']);
  const [isBusy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await onComplete({});
    } catch (error) {
      reportSaveError(null, error, t);
      setBusy(false);
    }
  };
  return (
    <div className="flex justify-end pt-2">
      <Button
        size="lg"
        className="w-full sm:w-auto"
        disabled={isBusy}
        onClick={() => void onClick()}
      >
        {isBusy ? <Spinner label={t('saving')} /> : label}
      </Button>
    </div>
  );
}

function IconList({ items }: { items: { icon: ReactNode; text: ReactNode }[] }) {
  return (
    <ul className="grid gap-3">
      {items.map((item, index) => (
        <li key={index} className="flex gap-3">
          <span className="mt-0.5 text-accent-strong [&_svg]:size-5" aria-hidden>
            {item.icon}
          </span>
          <span>{item.text}</span>
        </li>
      ))}
    </ul>
  );
}

export function IntroductionStep({ onComplete, notice }: InfoStepProps & { notice?: ReactNode }) {
  const { t } = useTranslation('kyc');
  return (
    <div className="grid gap-5">
      {notice}
      <p className="text-muted-foreground">{t('introduction.description')}</p>
      <IconList
        items={[
          { icon: <UserRound />, text: t('introduction.points.personal') },
          { icon: <Wallet />, text: t('introduction.points.financial') },
          { icon: <IdCard />, text: t('introduction.points.documents') },
        ]}
      />
      <p className="text-sm text-muted-foreground">{t('introduction.saved')}</p>
      <ContinueButton label={t('introduction.start')} onComplete={onComplete} />
    </div>
  );
}

export function CompletionStep({ onComplete }: InfoStepProps) {
  const { t } = useTranslation('kyc');
  const ticks = ['personal', 'financial', 'questionnaire'] as const;
  return (
    <div className="grid gap-5">
      <div className="flex items-center gap-3">
        <BadgeCheck aria-hidden className="size-10 shrink-0 text-success" />
        <p className="text-2xl font-bold">{t('completion.title')}</p>
      </div>
      <ul className="grid gap-2">
        {ticks.map((tick) => (
          <li key={tick} className="flex items-center gap-3">
            <span className="flex size-6 items-center justify-center rounded-full bg-success/15">
              <Check aria-hidden className="size-4 text-success" />
            </span>
            {t(`completion.ticks.${tick}`)}
          </li>
        ))}
      </ul>
      <p className="text-muted-foreground">{t('completion.description')}</p>
      <ContinueButton label={t('continue')} onComplete={onComplete} />
    </div>
  );
}

export function VerificationStep({ onComplete }: InfoStepProps) {
  const { t } = useTranslation('kyc');
  const points = [
    { key: 'upload', icon: <FileUp /> },
    { key: 'review', icon: <ScanSearch /> },
    { key: 'access', icon: <BadgeCheck /> },
  ] as const;
  return (
    <div className="grid gap-6">
      <p className="text-2xl font-bold">{t('verification.title')}</p>
      <ol className="grid gap-4 sm:grid-cols-3">
        {points.map((point) => (
          <li key={point.key} className="grid gap-1 rounded-md border p-4">
            <span className="text-accent-strong [&_svg]:size-6" aria-hidden>
              {point.icon}
            </span>
            <span className="font-semibold">{t(`verification.points.${point.key}.title`)}</span>
            <span className="text-sm text-muted-foreground">
              {t(`verification.points.${point.key}.body`)}
            </span>
          </li>
        ))}
      </ol>
      <section aria-labelledby="kyc-needs" className="grid gap-3">
        <h3 id="kyc-needs" className="flex items-center gap-2 font-semibold">
          <ListChecks aria-hidden className="size-5 text-accent-strong" />
          {t('verification.needsTitle')}
        </h3>
        <IconList
          items={[
            { icon: <IdCard />, text: t('verification.needs.id') },
            { icon: <Camera />, text: t('verification.needs.photos') },
            { icon: <Wifi />, text: t('verification.needs.connection') },
          ]}
        />
      </section>
      <ContinueButton label={t('verification.start')} onComplete={onComplete} />
    </div>
  );
}
