// Parts of the recurring buy form (issue 29): how often, the day picker, which lists the weekdays for a
// weekly plan and 1 to 31 for a monthly one, and the note under the fields with the first buy's
// date (worked out here, for reference) and when in the day buys are made.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { type RecurringFrequency, recurringFrequencies } from '@secure-vault/shared/recurring';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/select';
import { useTranslation } from '@/lib/i18n';
import { useNow } from '@/lib/use-now';
import { nextRunAfter } from '../next-run';
import { runDateText, weekdayName } from '../recurring-text';

const weekdays = [1, 2, 3, 4, 5, 6, 7];
const monthDays = Array.from({ length: 31 }, (_, index) => index + 1);

export function FrequencyField({
  error,
  field,
}: {
  error: string | undefined;
  field: UseFormRegisterReturn<'frequency'>;
}) {
  const { t } = useTranslation('trading');
  return (
    <FormField id="recurring-frequency" label={t('recurring.frequency')} error={error}>
      {(control) => (
        <NativeSelect {...control} {...field}>
          {recurringFrequencies.map((option) => (
            <option key={option} value={option}>
              {t(`recurring.frequencies.${option}`)}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}

export function DayField({
  frequency,
  error,
  field,
}: {
  frequency: RecurringFrequency;
  error: string | undefined;
  field: UseFormRegisterReturn<'day'>;
}) {
  const { t } = useTranslation('trading');
  return (
    <FormField
      id="recurring-day"
      label={t(frequency === 'weekly' ? 'recurring.weekday' : 'recurring.monthDay')}
      error={error}
    >
      {(control) => (
        <NativeSelect {...control} {...field}>
          {(frequency === 'weekly' ? weekdays : monthDays).map((option) => (
            // Keyed by the day alone: the days both lists have keep their node, so the one
            // chosen stays chosen when the list changes.
            <option key={option} value={option}>
              {frequency === 'weekly' ? weekdayName(option) : option}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}

export function ScheduleNote({ frequency, day }: { frequency: RecurringFrequency; day: number }) {
  const { t } = useTranslation('trading');
  const now = useNow(60_000);
  const nextRun = nextRunAfter({ frequency, day }, new Date(now));
  return (
    <div className="grid gap-1 text-sm" aria-live="polite">
      {nextRun ? (
        <p data-testid="recurring-next-run">
          <span className="text-muted-foreground">{t('recurring.firstRun')} </span>
          <span className="font-medium">{runDateText(t, nextRun)}</span>
        </p>
      ) : null}
      <p className="text-muted-foreground" data-testid="recurring-help">
        {t(`recurring.help.${frequency}`)}
      </p>
    </div>
  );
}
