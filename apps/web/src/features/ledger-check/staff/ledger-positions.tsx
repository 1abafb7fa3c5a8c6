// The platform's position per asset on the Ledger Check tab (decision 021): each asset in its own
// unit, what customers hold and, beside it, the part reserved for their open limit orders (issue
// 29), then the accounts it came from; a table that scrolls sideways on a phone.
import type { LedgerPosition } from '@secure-vault/shared/ledger-check/contracts';
import { useTranslation } from '@/lib/i18n';
import { formatExactUsd, ltrIsolate, normalizeDecimal } from '@/lib/money';
import { cn } from '@/lib/utils';

/** An amount in an asset's own unit: dollars for cash and custody items (no symbol), else a quantity. */
export function inUnit(asset: string | null, value: string): string {
  return asset === null || asset === 'USD'
    ? formatExactUsd(value)
    : ltrIsolate(normalizeDecimal(value));
}

// `reserved` is the part of what customers hold that is set aside for their open limit orders:
// shown beside it, not one more term of the row's sum.
const positionKeys = [
  'customers',
  'reserved',
  'tradingBook',
  'rounding',
  'world',
  'interest',
  'custodyIntake',
] as const satisfies readonly (keyof LedgerPosition)[];

export function Positions({ positions }: { positions: LedgerPosition[] }) {
  const { t } = useTranslation('admin');
  const headClass = 'px-3 py-2.5 text-end font-medium text-muted-foreground whitespace-nowrap';
  return (
    <section className="grid gap-3" aria-labelledby="ledger-check-positions">
      <div className="grid gap-1">
        <h4 id="ledger-check-positions" className="text-base font-semibold">
          {t('ledgerCheck.positions.title')}
        </h4>
        <p className="text-sm text-muted-foreground">{t('ledgerCheck.positions.description')}</p>
      </div>
      {positions.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('ledgerCheck.positions.empty')}</p>
      ) : (
        // Scrolls sideways on a phone; the asset column stays readable at the start.
        <div
          className="relative overflow-x-auto rounded-md border"
          // Focusable so a keyboard can scroll it; named for the screen reader that lands on it.
          tabIndex={0}
          role="region"
          aria-label={t('ledgerCheck.positions.caption')}
        >
          <table className="w-full text-sm" data-testid="ledger-position-table">
            <caption className="sr-only">{t('ledgerCheck.positions.caption')}</caption>
            <thead className="border-b bg-muted/50">
              <tr>
                <th scope="col" className={cn(headClass, 'text-start')}>
                  {t('ledgerCheck.positions.asset')}
                </th>
                {positionKeys.map((key) => (
                  <th key={key} scope="col" className={headClass}>
                    {t(`ledgerCheck.positions.${key}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y">
              {positions.map((position) => (
                <tr key={position.asset ?? 'items'} data-testid="ledger-position-row">
                  <th scope="row" className="px-3 py-2.5 text-start font-medium">
                    {position.asset === null ? (
                      t('ledgerCheck.positions.custodyItems')
                    ) : (
                      <bdi>{position.asset}</bdi>
                    )}
                  </th>
                  {positionKeys.map((key) => (
                    <td
                      key={key}
                      className="px-3 py-2.5 text-end tabular-nums whitespace-nowrap"
                      data-testid={`ledger-position-${key}`}
                    >
                      {inUnit(position.asset, position[key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
