// One asset or cash leg of a movement, as the history list and a receipt both show it: what it is
// (and staff's words with a cash change), its signed quantity in the asset's decimals, and its
// signed amount in dollars and cents (green in, red out; the sign says it too). One component
// for both, so a receipt's figures are the list's.
import type { TFunction } from 'i18next';
import { findAsset } from '@secure-vault/shared/catalogue';
import type { HistoryEntry } from '@secure-vault/shared/history';
import { dec } from '@secure-vault/shared/money';
import { useTranslation } from '@/lib/i18n';
import { formatAssetQuantity, formatUsd } from '@/lib/money';
import { cn } from '@/lib/utils';
import { holdingName, isCash } from '@/lib/valuable-text';

/**
 * The cash a swap credits: the whole cents left after buying the target. Swaps journaled before
 * `swap_cash` existed wrote it as `swap_out`.
 */
function isSwapRemainder(entry: HistoryEntry): boolean {
  return entry.kind === 'swap_cash' || (entry.kind === 'swap_out' && isCash(entry));
}

function legLabel(t: TFunction, entry: HistoryEntry): { name: string; symbol: string | null } {
  if (isSwapRemainder(entry)) return { name: t('kinds.swap_cash'), symbol: null };
  const asset = entry.assetSymbol ? findAsset(entry.assetSymbol) : undefined;
  return {
    name: holdingName(t, entry) ?? t('unnamedItem'),
    symbol: asset ? asset.symbol : null,
  };
}

/**
 * A name staff gave a cash change, not one the ledger gives: "Cash", and "Book balance" on an
 * approved book balance, whose kind already says so in the page's language.
 */
function isStaffName(entry: HistoryEntry): boolean {
  if (!entry.itemName || entry.itemName === 'Cash') return false;
  return !(entry.kind === 'book_balance' && entry.itemName === 'Book balance');
}

/**
 * What staff wrote with a cash change: the name they gave it when it is not just "Cash", and its
 * description ("Cash deposit · Wire of 12 November"). Their own words, in their language.
 */
function staffWords(entry: HistoryEntry): string | null {
  if (!isCash(entry)) return null;
  const name = isStaffName(entry) ? entry.itemName : null;
  const words = [name, entry.note].filter((text): text is string => Boolean(text));
  return words.length > 0 ? words.join(' · ') : null;
}

function quantityText(t: TFunction, entry: HistoryEntry): string | null {
  const asset = entry.assetSymbol ? findAsset(entry.assetSymbol) : undefined;
  if (!asset || entry.quantityDelta === null) return null;
  return formatAssetQuantity(t, asset, entry.quantityDelta, { sign: true });
}

/** A leg's amount as every history screen writes it: "+$100.00", "-$3.65", "$0.00". */
export function legAmount(entry: Pick<HistoryEntry, 'valueDelta'>): string {
  return formatUsd(entry.valueDelta, { sign: 'exceptZero' });
}

/** The colour of a signed amount: green in, red out. */
export function amountTone(value: string): string | false {
  const amount = dec(value);
  return (amount.greaterThan(0) && 'text-success') || (amount.lessThan(0) && 'text-destructive');
}

export function HistoryLeg({ leg }: { leg: HistoryEntry }) {
  const { t } = useTranslation(['history', 'catalogue']);
  const label = legLabel(t, leg);
  const quantity = quantityText(t, leg);
  const note = staffWords(leg);
  return (
    <li
      className="grid grid-cols-[1fr_auto] items-baseline gap-x-4 gap-y-0.5 text-sm sm:grid-cols-[1fr_12rem_10rem]"
      data-testid="history-leg"
    >
      <span className="min-w-0">
        <span className="block truncate">
          {label.name}
          {label.symbol ? (
            <span className="ms-2 text-muted-foreground">
              <bdi dir="ltr">{label.symbol}</bdi>
            </span>
          ) : null}
        </span>
        {note ? (
          <span
            className="block text-xs break-words text-muted-foreground"
            data-testid="history-note"
          >
            <bdi>{note}</bdi>
          </span>
        ) : null}
      </span>
      <span
        className={cn(
          'row-start-2 text-muted-foreground tabular-nums sm:row-start-auto sm:text-end',
          !quantity && 'hidden sm:block',
        )}
      >
        {quantity ?? ''}
      </span>
      <bdi
        dir="ltr"
        className={cn('text-end font-semibold tabular-nums', amountTone(leg.valueDelta))}
      >
        {legAmount(leg)}
      </bdi>
    </li>
  );
}
