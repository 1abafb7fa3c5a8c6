// Where the customer is in a transfer: 1 Details, 2 Review (both done once it has gone).
import { Check } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';

const steps = ['details', 'review'] as const;

export function TransferSteps({ current }: { current: 'details' | 'review' | 'done' }) {
  const { t } = useTranslation('transfers');
  const currentIndex = current === 'done' ? steps.length : steps.indexOf(current);
  return (
    <ol
      aria-label={t('steps.label')}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm"
    >
      {steps.map((step, index) => {
        const isDone = index < currentIndex;
        const isCurrent = index === currentIndex;
        return (
          <li
            key={step}
            aria-current={isCurrent ? 'step' : undefined}
            className={cn(
              'flex items-center gap-2',
              isCurrent ? 'font-semibold text-foreground' : 'text-muted-foreground',
            )}
          >
            <span
              aria-hidden
              className={cn(
                'flex size-6 items-center justify-center rounded-full border text-xs',
                isCurrent && 'border-primary bg-primary text-primary-foreground',
                isDone && 'border-success bg-success/15 text-foreground',
              )}
            >
              {isDone ? <Check className="size-3.5" /> : index + 1}
            </span>
            <span>
              <span className="sr-only">
                {t('steps.stepOf', { step: index + 1, total: steps.length })}
                {isDone ? ` (${t('steps.completed')})` : ''}:{' '}
              </span>
              {t(`steps.${step}`)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
