// One transaction of the history list: what kind, when, and each asset or cash leg with its
// signed quantity and amount (green in, red out; the sign says it too).
import type { TFunction } from 'i18next';
import { findAsset } from '@secure-vault/shared/catalogue';
import type { HistoryEntry } from '@secure-vault/shared/history';
import { dec } from '@secure-vault/shared/money';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { formatAssetQuantity, formatUsd } from '@/lib/money';
import { cn } from '@/lib/utils';
import { holdingName, isCash } from '@/lib/valuable-text';
import type { Transaction } from '../transactions';

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

export function TransactionItem({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation(['history', 'catalogue']);
  return (
    <li className="grid gap-3 px-4 py-4 sm:px-6" data-testid="history-item">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="font-semibold" data-testid="history-kind">
          {t(`kinds.${transaction.kind}`)}
        </h3>
        <time dateTime={transaction.createdAt} className="text-sm text-muted-foreground">
          {formatDate(transaction.createdAt, undefined, {
            dateStyle: 'medium',
            timeStyle: 'short',
          })}
        </time>
      </div>
      <ul className="grid gap-2">
        {transaction.legs.map((leg) => {
          const label = legLabel(t, leg);
          const quantity = quantityText(t, leg);
          const note = staffWords(leg);
          const value = dec(leg.valueDelta);
          return (
            <li
              key={leg.id}
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
                className={cn(
                  'text-end font-semibold tabular-nums',
                  value.greaterThan(0) && 'text-success',
                  value.lessThan(0) && 'text-destructive',
                )}
              >
                {formatUsd(leg.valueDelta, { sign: 'exceptZero' })}
              </bdi>
            </li>
          );
        })}
      </ul>
    </li>
  );
}
