// The book on the staff Prices tab (decision 028): every listed asset in the catalogue's order
// with its buy and sell prices, exactly as the book holds them, where they came from, since when
// (their age), the 24 h change, whether the feed has halted it or a change waits for approval,
// and "Propose a price". A table on wide screens; below, one card per asset.
import type { ReactNode } from 'react';
import { ListOrdered, PencilLine } from 'lucide-react';
import type { Asset } from '@secure-vault/shared/catalogue';
import type { BookPrice } from '@secure-vault/shared/prices';
import { Button } from '@/components/ui/button';
import { StatusBadge } from '@/components/ui/status-badge';
import { assetName } from '@/lib/asset-name';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { formatPercentChange } from '@/lib/percent-change';
import { ageText, formatBookPrice, unitText } from './price-text';

export interface BookRow {
  asset: Asset;
  entry: BookPrice;
  /** When the price took effect, on the server's clock (ms). */
  since: number;
  isHalted: boolean;
  /** A change to its prices waits for approval. */
  isWaiting: boolean;
}

const dateTime: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
const markTones = { halted: 'red', waiting: 'amber' } as const;

function AssetCell({ asset }: { asset: Asset }) {
  const { t } = useTranslation(['admin', 'catalogue']);
  return (
    <span className="grid gap-0.5">
      <span className="font-medium">
        <bdi>{assetName(t, asset.symbol)}</bdi>{' '}
        <bdi dir="ltr" className="font-mono text-xs text-muted-foreground">
          {asset.symbol}
        </bdi>
      </span>
      <span className="text-xs text-muted-foreground">{unitText(t, asset)}</span>
    </span>
  );
}

function Marks({ row }: { row: BookRow }) {
  const { t } = useTranslation('admin');
  if (!row.isHalted && !row.isWaiting) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {row.isHalted ? (
        <StatusBadge
          status="halted"
          tones={markTones}
          label={t('prices.halted')}
          testId="price-halted"
        />
      ) : null}
      {row.isWaiting ? (
        <StatusBadge
          status="waiting"
          tones={markTones}
          label={t('prices.waiting')}
          testId="price-waiting"
        />
      ) : null}
    </span>
  );
}

function Change({ change }: { change: string | null }) {
  const { t } = useTranslation('admin');
  if (change === null) {
    return (
      <span className="text-muted-foreground">
        <span aria-hidden>—</span>
        <span className="sr-only">{t('prices.noChange')}</span>
      </span>
    );
  }
  return (
    <bdi dir="ltr" className="whitespace-nowrap tabular-nums" data-testid="price-change">
      {formatPercentChange(change)}
    </bdi>
  );
}

function InEffect({ row, now }: { row: BookRow; now: number }) {
  const { t } = useTranslation('admin');
  return (
    <span className="grid gap-0.5">
      <span>{t(`prices.sources.${row.entry.source}`)}</span>
      <span className="text-xs text-muted-foreground" data-testid="price-age">
        {ageText(row.since, now)} ·{' '}
        <time dateTime={row.entry.effectiveAt}>
          {formatDate(row.entry.effectiveAt, undefined, dateTime)}
        </time>
      </span>
    </span>
  );
}

function ProposeButton({ row, onPropose }: { row: BookRow; onPropose: (row: BookRow) => void }) {
  const { t } = useTranslation(['admin', 'catalogue']);
  return (
    <Button size="sm" variant="outline" onClick={() => onPropose(row)}>
      <PencilLine aria-hidden />
      {t('prices.propose')}
      <span className="sr-only"> ({assetName(t, row.asset.symbol)})</span>
    </Button>
  );
}

function RowActions({ row, onPropose, onShowOrders }: RowActionsProps) {
  const { t } = useTranslation(['admin', 'catalogue']);
  return (
    <span className="flex flex-wrap gap-2 lg:justify-end">
      <ProposeButton row={row} onPropose={onPropose} />
      <Button size="sm" variant="outline" onClick={() => onShowOrders(row.asset)}>
        <ListOrdered aria-hidden />
        {t('prices.orders.show')}
        <span className="sr-only"> ({assetName(t, row.asset.symbol)})</span>
      </Button>
    </span>
  );
}

function Price({ value }: { value: string }) {
  return (
    <span className="whitespace-nowrap font-semibold tabular-nums">{formatBookPrice(value)}</span>
  );
}

/** One label and value of a card. */
function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="justify-self-end text-end">{children}</dd>
    </>
  );
}

function BookCards({ rows, now, onPropose, onShowOrders }: BookListProps) {
  const { t } = useTranslation('admin');
  return (
    <ul className="grid gap-3 lg:hidden" aria-label={t('prices.caption')} data-testid="book-cards">
      {rows.map((row) => (
        <li
          key={row.asset.symbol}
          className="grid gap-3 rounded-md border p-4"
          data-testid="book-card"
        >
          <div className="flex flex-wrap items-start justify-between gap-2">
            <AssetCell asset={row.asset} />
            <Marks row={row} />
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            <Line label={t('prices.columns.buy')}>
              <Price value={row.entry.buy} />
            </Line>
            <Line label={t('prices.columns.sell')}>
              <Price value={row.entry.sell} />
            </Line>
            <Line label={t('prices.columns.change24h')}>
              <Change change={row.entry.change24h} />
            </Line>
            <Line label={t('prices.columns.inEffect')}>
              <InEffect row={row} now={now} />
            </Line>
          </dl>
          <RowActions row={row} onPropose={onPropose} onShowOrders={onShowOrders} />
        </li>
      ))}
    </ul>
  );
}

interface RowActionsProps {
  row: BookRow;
  onPropose: (row: BookRow) => void;
  /** Opens the asset's open limit orders. */
  onShowOrders: (asset: Asset) => void;
}

interface BookListProps extends Omit<RowActionsProps, 'row'> {
  rows: readonly BookRow[];
  /** The time now on the server's clock (ms), for the prices' ages. */
  now: number;
}

export function PriceBookList(props: BookListProps) {
  const { t } = useTranslation('admin');
  const head = 'px-3 py-2.5 font-medium text-muted-foreground';
  return (
    <>
      <BookCards {...props} />
      <div className="hidden overflow-x-auto rounded-md border lg:block">
        <table className="w-full text-sm" data-testid="book-table">
          <caption className="sr-only">{t('prices.caption')}</caption>
          <thead className="border-b bg-muted/50">
            <tr>
              <th scope="col" className={`${head} text-start`}>
                {t('prices.columns.asset')}
              </th>
              <th scope="col" className={`${head} text-end`}>
                {t('prices.columns.buy')}
              </th>
              <th scope="col" className={`${head} text-end`}>
                {t('prices.columns.sell')}
              </th>
              <th scope="col" className={`${head} text-end`}>
                {t('prices.columns.change24h')}
              </th>
              <th scope="col" className={`${head} text-start`}>
                {t('prices.columns.inEffect')}
              </th>
              <th scope="col" className={`${head} text-end`}>
                <span className="sr-only">{t('prices.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {props.rows.map((row) => (
              <tr key={row.asset.symbol} className="align-top" data-testid="book-row">
                <th scope="row" className="px-3 py-2.5 text-start font-normal">
                  <span className="grid justify-items-start gap-1">
                    <AssetCell asset={row.asset} />
                    <Marks row={row} />
                  </span>
                </th>
                <td className="px-3 py-2.5 text-end" data-testid="book-buy">
                  <Price value={row.entry.buy} />
                </td>
                <td className="px-3 py-2.5 text-end" data-testid="book-sell">
                  <Price value={row.entry.sell} />
                </td>
                <td className="px-3 py-2.5 text-end">
                  <Change change={row.entry.change24h} />
                </td>
                <td className="min-w-44 px-3 py-2.5">
                  <InEffect row={row} now={props.now} />
                </td>
                <td className="px-3 py-2 text-end">
                  <RowActions
                    row={row}
                    onPropose={props.onPropose}
                    onShowOrders={props.onShowOrders}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
