// What a receipt says of the transfer or request its movement belongs to: the other customer
// (masked name, last four of the account), the bank account or card, staff's reason when it
// failed or was cancelled, and when a request was decided. The server masks every number.
import type { ReceiptTransfer } from '@secure-vault/shared/history-receipt';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { Ltr, ReceiptRow } from './receipt-row';

const dateTime: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * Staff write their reason in words; a reason the server gives itself (asset to cash no longer
 * covered) is a locale key of the `transfers` namespace.
 */
function reasonText(reason: string, t: (key: string) => string): string {
  return reason.startsWith('transfers:reasons.') ? t(reason) : reason;
}

function Party({ name, account }: { name: string | null; account: string | null }) {
  return (
    <span data-testid="receipt-counterparty">
      {name ? <bdi>{name}</bdi> : null}
      {name && account ? ' ' : null}
      {account ? <Ltr>{account}</Ltr> : null}
    </span>
  );
}

export function TransferDetails({ transfer }: { transfer: ReceiptTransfer }) {
  const { t } = useTranslation(['history', 'transfers']);
  const isFinal = transfer.status !== 'pending';
  // A transfer between customers is final the moment it is made; a request is decided later.
  const isDecided = isFinal && transfer.type !== 'asset_transfer';
  return (
    <>
      {transfer.type === 'asset_transfer' ? (
        <ReceiptRow label={transfer.direction === 'in' ? t('receipt.from') : t('receipt.to')}>
          <Party name={transfer.counterpartyName} account={transfer.counterpartyAccount} />
        </ReceiptRow>
      ) : null}
      {transfer.bankName || transfer.bankAccount ? (
        <ReceiptRow label={t('receipt.bank')}>
          <Party name={transfer.bankName} account={transfer.bankAccount} />
        </ReceiptRow>
      ) : null}
      {transfer.type === 'card_deposit' ? (
        <ReceiptRow label={t('receipt.card')}>
          {t(`receipt.cardBrands.${transfer.cardType ?? 'Unknown'}`)}{' '}
          <Ltr>{`•••• ${transfer.cardLastFour ?? '····'}`}</Ltr>
        </ReceiptRow>
      ) : null}
      {isFinal && transfer.status !== 'completed' && transfer.reason ? (
        <ReceiptRow label={t('receipt.reason')}>
          <bdi data-testid="receipt-reason">{reasonText(transfer.reason, t)}</bdi>
        </ReceiptRow>
      ) : null}
      {isDecided ? (
        <ReceiptRow label={t('receipt.updated')}>
          <time dateTime={transfer.updatedAt}>
            {formatDate(transfer.updatedAt, undefined, dateTime)}
          </time>
        </ReceiptRow>
      ) : null}
    </>
  );
}
