// Type and date filters (SPEC §2 /history; DESIGN §2 groups of journal kinds).
import { useId } from 'react';
import { X } from 'lucide-react';
import { historyDateRange, historyGroupNames } from '@secure-vault/shared/history';
import { isOneOf } from '@secure-vault/shared/guards';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { useTranslation } from '@/lib/i18n';
import { hasFilters, type HistoryFilters, isDateOutOfRange } from '../filters';

const selectClass =
  'flex h-10 w-full cursor-pointer rounded-md border border-input bg-card px-3 py-2 text-base sm:text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring';

/** The group a select's value names; the empty choice, or anything else, is every group. */
const groupOf = (value: string) => (isOneOf(historyGroupNames, value) ? value : undefined);

export function HistoryFiltersBar({
  filters,
  onChange,
}: {
  filters: HistoryFilters;
  onChange: (filters: HistoryFilters) => void;
}) {
  const { t } = useTranslation('history');
  const id = useId();
  const isRangeReversed = Boolean(filters.from && filters.to && filters.from > filters.to);
  const isFromOutOfRange = isDateOutOfRange(filters.from);
  const isToOutOfRange = isDateOutOfRange(filters.to);
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-lg border bg-card p-4 shadow-sm"
    >
      <h2 id={`${id}-title`} className="text-sm font-semibold">
        {t('filters.title')}
      </h2>
      <div className="grid items-end gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto]">
        <div className="grid gap-2 sm:col-span-2 lg:col-span-1">
          <Label htmlFor={`${id}-group`}>{t('filters.group')}</Label>
          <select
            id={`${id}-group`}
            className={selectClass}
            value={filters.group ?? ''}
            onChange={(event) =>
              onChange({
                ...filters,
                group: groupOf(event.target.value),
              })
            }
          >
            <option value="">{t('filters.allGroups')}</option>
            {historyGroupNames.map((group) => (
              <option key={group} value={group}>
                {t(`groups.${group}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-from`}>{t('filters.from')}</Label>
          <Input
            id={`${id}-from`}
            type="date"
            dir="ltr"
            value={filters.from ?? ''}
            min={historyDateRange.min}
            max={filters.to ?? historyDateRange.max}
            aria-invalid={isFromOutOfRange}
            aria-describedby={isFromOutOfRange ? `${id}-hint ${id}-range` : `${id}-hint`}
            onChange={(event) => onChange({ ...filters, from: event.target.value || undefined })}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-to`}>{t('filters.to')}</Label>
          <Input
            id={`${id}-to`}
            type="date"
            dir="ltr"
            value={filters.to ?? ''}
            min={filters.from ?? historyDateRange.min}
            max={historyDateRange.max}
            aria-invalid={isToOutOfRange}
            aria-describedby={isToOutOfRange ? `${id}-hint ${id}-range` : `${id}-hint`}
            onChange={(event) => onChange({ ...filters, to: event.target.value || undefined })}
          />
        </div>
        <Button
          type="button"
          variant="ghost"
          disabled={!hasFilters(filters)}
          onClick={() => onChange({})}
          className="sm:col-span-2 lg:col-span-1"
        >
          <X aria-hidden />
          {t('filters.clear')}
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t('filters.utcHint')}
      </p>
      {isFromOutOfRange || isToOutOfRange ? (
        <p id={`${id}-range`} role="alert" className="text-sm text-destructive">
          {t('errors.dateRange')}
        </p>
      ) : null}
      {isRangeReversed ? (
        <p role="alert" className="text-sm text-destructive">
          {t('filters.reversed')}
        </p>
      ) : null}
    </section>
  );
}
