// The one way a form picks a holding (transfer, fixed term, delivery): one radio per valuable,
// with its name, a detail line (a quantity or a type), and its value. A holding that cannot be
// chosen now is still listed, disabled, with the reason beside it (DESIGN §5), so the customer
// sees why rather than wondering where it went. Native radios: arrow keys move between them.
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { Valuable } from '@secure-vault/shared/vault';
import { useTranslation } from '@/lib/i18n';
import { formatUsd } from '@/lib/money';
import { cn } from '@/lib/utils';
import { holdingName } from '@/lib/valuable-text';

export interface HoldingChoice {
  valuable: Valuable;
  /** The line under the name ("1,000.000 mg", "Jewelry"), already translated; null for none. */
  detail: string | null;
  /** Why it cannot be chosen now, already translated; null when it can. */
  unavailable: string | null;
}

/** What the form passes through: the field's registration, its value and its error. */
export interface HoldingField {
  selectedId: string;
  registration: UseFormRegisterReturn;
  /** The field's error, already translated. */
  error: string | undefined;
}

export function HoldingPicker({
  idPrefix,
  legend,
  legendClassName = 'text-sm font-medium',
  listClassName = 'max-h-96',
  choices,
  selectedId,
  notValued,
  registration,
  error,
}: {
  /** Names the radios (`<prefix>-item-<id>`), the list's test id and the error's id. */
  idPrefix: string;
  legend: string;
  legendClassName?: string;
  listClassName?: string;
  choices: readonly HoldingChoice[];
  /** What stands in for the value of a holding without one. */
  notValued: string;
} & HoldingField) {
  const { t } = useTranslation('catalogue');
  const errorId = `${idPrefix}-asset-error`;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className={cn('mb-2', legendClassName)}>{legend}</legend>
      <ul
        className={cn('grid gap-2 overflow-y-auto p-0.5', listClassName)}
        data-testid={`${idPrefix}-items`}
      >
        {choices.map(({ valuable, detail, unavailable }) => {
          const id = `${idPrefix}-item-${valuable.id}`;
          const isDisabled = unavailable !== null;
          return (
            <li key={valuable.id}>
              <label
                htmlFor={id}
                className={cn(
                  'flex items-center gap-3 rounded-md border bg-card p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                  isDisabled
                    ? 'cursor-not-allowed bg-muted/40 text-muted-foreground'
                    : 'cursor-pointer hover:bg-muted',
                  selectedId === valuable.id && 'border-primary bg-primary/5',
                )}
              >
                <input
                  id={id}
                  type="radio"
                  value={valuable.id}
                  disabled={isDisabled}
                  className="size-4 shrink-0 accent-primary"
                  aria-describedby={`${id}-detail`}
                  {...registration}
                />
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span className="break-words font-medium">
                    <bdi>{holdingName(t, valuable)}</bdi>
                  </span>
                  <span id={`${id}-detail`} className="text-sm text-muted-foreground">
                    {detail ? <bdi>{detail}</bdi> : null}
                    {unavailable ? (
                      <>
                        {detail ? ' · ' : null}
                        <span className="font-medium text-foreground">{unavailable}</span>
                      </>
                    ) : null}
                  </span>
                </span>
                <span className="shrink-0 text-end text-sm font-semibold tabular-nums">
                  {valuable.estimatedValue === null
                    ? notValued
                    : formatUsd(valuable.estimatedValue)}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
