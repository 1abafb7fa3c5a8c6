// The asset picker of /fixed-assets: one radio per holding, with its name, the quantity held or
// its type, and its value. Holdings already fixed, in delivery or without a value are listed but
// cannot be chosen, with the reason beside them (DESIGN §5). Native radios: arrow keys move
// between them.
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { useTranslation } from '@/lib/i18n';
import { formatAssetQuantity, formatUsd } from '@/lib/money';
import { cn } from '@/lib/utils';
import { holdingName } from '@/lib/valuable-text';
import type { FixedItem } from '../fixed-items';

/** "1,000.000 mg", "0.50000000 BTC" or "Jewelry": what the line under the name says. */
function detailOf(t: TFunction, item: FixedItem): string {
  if (item.asset && item.available !== null) {
    return formatAssetQuantity(t, item.asset, item.available);
  }
  return t(`vault:itemTypes.${item.valuable.itemType}`);
}

export function FixedAssetPicker({
  items,
  selectedId,
  registration,
  error,
}: {
  items: readonly FixedItem[];
  selectedId: string;
  registration: UseFormRegisterReturn;
  /** The field's error, already translated. */
  error: string | undefined;
}) {
  const { t } = useTranslation(['custody', 'catalogue', 'vault']);
  const errorId = 'fixed-asset-error';
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 font-semibold">{t('fixed.picker.legend')}</legend>
      <ul className="grid max-h-96 gap-2 overflow-y-auto p-0.5" data-testid="fixed-items">
        {items.map((item) => {
          const { valuable } = item;
          const id = `fixed-item-${valuable.id}`;
          const isDisabled = item.unavailable !== null;
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
                    <bdi>{holdingName(t, valuable) ?? t('vault:itemTypes.other')}</bdi>
                  </span>
                  <span id={`${id}-detail`} className="text-sm text-muted-foreground">
                    <bdi>{detailOf(t, item)}</bdi>
                    {item.unavailable ? (
                      <>
                        {' · '}
                        <span className="font-medium text-foreground">
                          {t(`fixed.picker.${item.unavailable}`)}
                        </span>
                      </>
                    ) : null}
                  </span>
                </span>
                <span className="shrink-0 text-end text-sm font-semibold tabular-nums">
                  {valuable.estimatedValue === null
                    ? t('fixed.picker.noValue')
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
