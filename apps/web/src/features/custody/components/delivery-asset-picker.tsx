// The asset picker of the delivery request (SPEC §2 "choose an asset (list of the user's
// valuables)"; DESIGN §5): one radio per valuable with its name, its type or the milligrams held,
// and its value. Digital holdings, items fixed for a term and items already in delivery are
// listed but cannot be chosen, with the reason beside them. Native radios: arrow keys move
// between them.
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { useTranslation } from '@/lib/i18n';
import { formatAssetQuantity, formatUsd, ltrIsolate, normalizeDecimal } from '@/lib/money';
import { cn } from '@/lib/utils';
import { holdingName, isCash } from '@/lib/valuable-text';
import type { DeliveryItem } from '../delivery-items';

/**
 * "1,000.000 mg" for a metal position, the quantity of a crypto position, nothing for cash (its
 * name says it all), else the item's type ("Jewelry").
 */
function detailOf(t: TFunction, item: DeliveryItem): string | null {
  const { valuable } = item;
  if (isCash(valuable)) return null;
  if (item.kind === 'metal' && item.available !== null) {
    return item.asset
      ? formatAssetQuantity(t, item.asset, item.available)
      : `${ltrIsolate(normalizeDecimal(item.available))} ${t('catalogue:units.mg')}`;
  }
  if (item.asset && valuable.quantity !== null) {
    return formatAssetQuantity(t, item.asset, valuable.quantity);
  }
  return t(`vault:itemTypes.${valuable.itemType}`, { defaultValue: valuable.itemType });
}

export function DeliveryAssetPicker({
  items,
  selectedId,
  registration,
  error,
}: {
  items: readonly DeliveryItem[];
  selectedId: string;
  registration: UseFormRegisterReturn;
  /** The field's error, already translated. */
  error: string | undefined;
}) {
  const { t } = useTranslation(['custody', 'catalogue', 'vault']);
  const errorId = 'delivery-asset-error';
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">{t('delivery.picker.legend')}</legend>
      <ul className="grid max-h-80 gap-2 overflow-y-auto p-0.5" data-testid="delivery-items">
        {items.map((item) => {
          const { valuable } = item;
          const id = `delivery-item-${valuable.id}`;
          const isDisabled = item.unavailable !== null;
          const detail = detailOf(t, item);
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
                    {item.unavailable ? (
                      <>
                        {detail ? ' · ' : null}
                        <span className="font-medium text-foreground">
                          {t(`delivery.picker.${item.unavailable}`)}
                        </span>
                      </>
                    ) : null}
                  </span>
                </span>
                <span className="shrink-0 text-end text-sm font-semibold tabular-nums">
                  {valuable.estimatedValue === null
                    ? t('delivery.picker.notValued')
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
