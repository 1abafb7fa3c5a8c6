// A movement's receipt: its kind, its amount large, its status, when it happened in the reader's
// own time zone, the other side of a transfer (masked by the server), the bank or card of a
// request, staff's reason when it failed, the reference with a copy button, and every line as the
// history list shows it (HistoryLeg). Prints on its own: buttons hide and the card loses its frame.
import type { TFunction } from 'i18next';
import { findAsset } from '@secure-vault/shared/catalogue';
import type { HistoryReceipt, ReceiptLine } from '@secure-vault/shared/history-receipt';
import { dec } from '@secure-vault/shared/money';
import { Card } from '@/components/ui/card';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { formatAssetQuantity } from '@/lib/money';
import { cn } from '@/lib/utils';
import { isCash } from '@/lib/valuable-text';
import { receiptStatusTones } from '../receipt-status';
import { amountTone, HistoryLeg, legAmount } from './history-leg';
import { CopyReference } from './copy-reference';
import { Ltr, ReceiptRow } from './receipt-row';
import { TransferDetails } from './receipt-transfer';

/** The date and time in the reader's time zone, named, so a receipt is never ambiguous. */
const dateTime: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

/**
 * The line the receipt's amount is: a swap's asset given, else the one cash line (a trade's
 * price, a deposit, a cash transfer), else the first (an asset transferred or set aside).
 */
function headlineOf(receipt: HistoryReceipt): ReceiptLine | undefined {
  const { lines } = receipt;
  if (receipt.kind === 'swap') {
    return lines.find((line) => !isCash(line) && dec(line.valueDelta).isNegative()) ?? lines[0];
  }
  const cash = lines.filter(isCash);
  return cash.length === 1 ? cash[0] : lines[0];
}

function headlineQuantity(t: TFunction, line: ReceiptLine | undefined): string | null {
  const asset = line?.assetSymbol ? findAsset(line.assetSymbol) : undefined;
  if (!line || !asset || isCash(line) || line.quantity === null) return null;
  return formatAssetQuantity(t, asset, line.quantity, { sign: true });
}

export function ReceiptCard({ receipt }: { receipt: HistoryReceipt }) {
  const { t } = useTranslation(['history', 'catalogue', 'transfers']);
  const headline = headlineOf(receipt);
  const quantity = headlineQuantity(t, headline);
  return (
    <Card className="print:border-0 print:shadow-none" data-testid="receipt">
      <div className="grid gap-6 p-5 sm:p-8">
        <header className="grid justify-items-center gap-2 text-center">
          <p className="text-sm text-muted-foreground">{t('receipt.title')}</p>
          <h1 className="text-2xl font-bold tracking-tight" data-testid="receipt-kind">
            {t(`kinds.${receipt.kind}`)}
          </h1>
          {headline ? (
            <p
              className={cn(
                'text-3xl font-bold tabular-nums sm:text-5xl',
                amountTone(headline.valueDelta),
              )}
              data-testid="receipt-amount"
            >
              <span className="sr-only">{t('receipt.amount')} </span>
              <bdi dir="ltr">{legAmount(headline)}</bdi>
            </p>
          ) : null}
          {quantity ? (
            <p className="text-muted-foreground tabular-nums" data-testid="receipt-quantity">
              {quantity}
            </p>
          ) : null}
          <StatusBadge
            status={receipt.status}
            tones={receiptStatusTones}
            label={t(`receipt.statuses.${receipt.status}`)}
            testId="receipt-status"
          />
        </header>

        <dl className="divide-y border-y text-sm">
          <ReceiptRow label={t('receipt.dateTime')}>
            <time dateTime={receipt.createdAt} data-testid="receipt-date">
              {formatDate(receipt.createdAt, undefined, dateTime)}
            </time>
          </ReceiptRow>
          {receipt.transfer ? <TransferDetails transfer={receipt.transfer} /> : null}
          <ReceiptRow label={t('receipt.reference')}>
            {receipt.reference ? (
              <span className="flex flex-wrap items-center gap-2">
                <Ltr testId="receipt-reference">{receipt.reference}</Ltr>
                <CopyReference value={receipt.reference} />
              </span>
            ) : (
              <span className="text-muted-foreground">{t('receipt.noReference')}</span>
            )}
          </ReceiptRow>
        </dl>

        <section aria-labelledby="receipt-lines-title" className="grid gap-3">
          <h2 id="receipt-lines-title" className="font-semibold">
            {t('receipt.lines')}
          </h2>
          <ul className="grid gap-2" data-testid="receipt-lines">
            {receipt.lines.map((line) => (
              <HistoryLeg key={line.id} leg={line} />
            ))}
          </ul>
        </section>
      </div>
    </Card>
  );
}
