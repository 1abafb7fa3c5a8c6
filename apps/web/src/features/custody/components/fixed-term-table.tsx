// The term table of /fixed-assets (SPEC §2, §9): each term's duration and rate, and for the
// chosen holding and quantity the profit it earns (whole cents, rounded down: what is credited),
// the total return and the date it matures. One radio per term; a click anywhere on its row
// chooses it too.
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { FixedTermOffer } from '@secure-vault/shared/custody';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useTranslation } from '@/lib/i18n';
import { formatUsd } from '@/lib/money';
import { cn } from '@/lib/utils';
import { termFigures } from '../fixed-items';
import { formatRate, formatTermDate, termName } from '../fixed-text';
import { addMonthsUtc } from '../fixed-time';

export interface OffersState {
  data: readonly FixedTermOffer[] | undefined;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

const cell = 'px-2 py-2.5 sm:px-3';
// Figures and dates stay on one line; headings may wrap on a phone.
const figure = 'whitespace-nowrap';
// On a phone the rate sits under the term and the total under the profit: three columns fit.
const wideOnly = 'hidden sm:table-cell';
const phoneOnly = 'block text-xs font-normal text-muted-foreground sm:hidden';

export function FixedTermTable({
  offers,
  value,
  selected,
  start,
  registration,
  onSelect,
  error,
}: {
  offers: OffersState;
  /** The dollars fixed, or null before a holding (and a valid quantity) is chosen. */
  value: string | null;
  /** The chosen term's months, as the radio's value. */
  selected: string;
  /** When the term would start: now. */
  start: Date;
  registration: UseFormRegisterReturn;
  onSelect: (months: string) => void;
  /** The field's error, already translated. */
  error: string | undefined;
}) {
  const { t } = useTranslation('custody');
  const errorId = 'fixed-term-error';
  if (offers.isError) {
    return (
      <LoadError onRetry={() => void offers.refetch()} isRetrying={offers.isFetching}>
        {t('fixed.terms.loadError')}
      </LoadError>
    );
  }
  const sorted = [...(offers.data ?? [])].sort((a, b) => a.months - b.months);
  const dash = (
    <>
      <span aria-hidden>—</span>
      <span className="sr-only">{t('fixed.terms.unknown')}</span>
    </>
  );

  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : 'fixed-term-hint'}>
      <legend className="mb-2 font-semibold">{t('fixed.terms.legend')}</legend>
      {offers.data === undefined ? (
        <div className="grid gap-2" aria-busy="true">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} className="h-11 w-full" />
          ))}
        </div>
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full text-sm" data-testid="fixed-term-table">
            <thead className="bg-muted/50 text-muted-foreground">
              <tr>
                <th scope="col" className={cn(cell, 'text-start font-medium')}>
                  {t('fixed.terms.term')}
                </th>
                <th scope="col" className={cn(cell, wideOnly, 'text-end font-medium')}>
                  {t('fixed.terms.rate')}
                </th>
                <th scope="col" className={cn(cell, 'text-end font-medium')}>
                  {t('fixed.terms.profit')}
                </th>
                <th scope="col" className={cn(cell, wideOnly, 'text-end font-medium')}>
                  {t('fixed.terms.total')}
                </th>
                <th scope="col" className={cn(cell, 'text-end font-medium')}>
                  {t('fixed.terms.maturity')}
                </th>
              </tr>
            </thead>
            <tbody>
              {sorted.map((offer) => {
                const months = String(offer.months);
                const id = `fixed-term-${months}`;
                const figures = value === null ? null : termFigures(value, offer.interestRate);
                return (
                  <tr
                    key={months}
                    data-testid={id}
                    onClick={() => onSelect(months)}
                    className={cn(
                      'cursor-pointer border-t transition-colors hover:bg-muted',
                      selected === months && 'bg-primary/5',
                    )}
                  >
                    <th scope="row" className={cn(cell, figure, 'text-start font-medium')}>
                      <label htmlFor={id} className="flex cursor-pointer items-center gap-2">
                        <input
                          id={id}
                          type="radio"
                          value={months}
                          className="size-4 shrink-0 accent-primary"
                          {...registration}
                        />
                        {termName(t, offer.months)}
                      </label>
                      <span className={cn(phoneOnly, 'ps-6 tabular-nums')}>
                        {formatRate(offer.interestRate)}
                      </span>
                    </th>
                    <td className={cn(cell, figure, wideOnly, 'text-end tabular-nums')}>
                      {formatRate(offer.interestRate)}
                    </td>
                    <td className={cn(cell, figure, 'text-end tabular-nums')}>
                      <span data-testid="term-profit">
                        {figures ? formatUsd(figures.profit) : dash}
                      </span>
                      {figures ? (
                        <span className={phoneOnly}>
                          {t('fixed.terms.totalShort', { amount: formatUsd(figures.total) })}
                        </span>
                      ) : null}
                    </td>
                    <td
                      className={cn(cell, figure, wideOnly, 'text-end font-semibold tabular-nums')}
                    >
                      <span data-testid="term-total">
                        {figures ? formatUsd(figures.total) : dash}
                      </span>
                    </td>
                    <td className={cn(cell, figure, 'text-end')} data-testid="term-maturity">
                      {formatTermDate(addMonthsUtc(start, offer.months))}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        <p id="fixed-term-hint" className="text-sm text-muted-foreground">
          {value === null ? t('fixed.terms.pickFirst') : t('fixed.terms.hint')}
        </p>
      )}
    </fieldset>
  );
}
