// One of the customer's requests or transfers (SPEC §3, §4; DESIGN §5): what it is, how much, its
// status, reference and date, the bank, card, other customer or item it concerns, and staff's
// reason when it failed or was cancelled. A pending withdrawal can be cancelled from here, and a
// pending bank-transfer deposit's bank details opened again.
import type { TFunction } from 'i18next';
import { findAsset } from '@secure-vault/shared/catalogue';
import type { Transfer, TransferStatus } from '@secure-vault/shared/transfers';
import { formatDate } from '@/lib/format';
import { StatusBadge } from '@/components/ui/status-badge';
import { useTranslation } from '@/lib/i18n';
import { formatAssetQuantity, formatUsd } from '@/lib/money';
import { holdingName, isCash } from '@/lib/valuable-text';
import { maskAccount } from '../mask';
import { transferStatusTones } from '../transfer-status';
import { ShowBankDetails } from './bank-deposit-reopen';
import { CancelWithdrawal } from './request-list-cancel';

const dateTime: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

export function RequestStatusBadge({ status }: { status: TransferStatus }) {
  const { t } = useTranslation('banking');
  return (
    <StatusBadge
      status={status}
      tones={transferStatusTones}
      label={t(`requests.statuses.${status}`)}
      testId="request-status"
    />
  );
}

/** "Card deposit", "Withdrawal"…; an asset transfer by its direction, sent or received. */
export function requestTypeText(t: TFunction, transfer: Transfer): string {
  if (transfer.type === 'asset_transfer') {
    return t(transfer.direction === 'in' ? 'requests.types.received' : 'requests.types.sent');
  }
  return t(`requests.types.${transfer.type}`);
}

function Ltr({ children }: { children: string }) {
  return (
    <bdi dir="ltr" className="font-mono break-all">
      {children}
    </bdi>
  );
}

/** The bank, card, other customer or item the request concerns, when it names one. */
function Details({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation(['banking', 'catalogue']);
  switch (transfer.type) {
    case 'withdrawal':
      return transfer.bankName || transfer.bankAccountNumber ? (
        <span>
          {t('requests.details.toBank')} <bdi>{transfer.bankName ?? ''}</bdi>{' '}
          {transfer.bankAccountNumber ? <Ltr>{maskAccount(transfer.bankAccountNumber)}</Ltr> : null}
        </span>
      ) : null;
    case 'card_deposit':
      return (
        <span>
          {t(`card.brands.${transfer.cardType ?? 'Unknown'}`)}{' '}
          <Ltr>{`•••• ${transfer.cardLastFour ?? '····'}`}</Ltr>
        </span>
      );
    case 'bank_deposit':
      // Until the money arrives, the one thing to remember is to quote the reference.
      return transfer.status === 'pending' ? (
        <span>{t('requests.details.quoteReference')}</span>
      ) : null;
    case 'asset_to_cash':
      return <span>{t('requests.details.assetToCash')}</span>;
    case 'asset_transfer': {
      const name = holdingName(t, transfer);
      const asset = transfer.assetSymbol ? findAsset(transfer.assetSymbol) : undefined;
      const quantity =
        asset && transfer.quantity !== null && !isCash(transfer)
          ? formatAssetQuantity(t, asset, transfer.quantity)
          : null;
      return (
        <span className="grid gap-0.5">
          <span>
            {transfer.direction === 'in' ? t('requests.details.from') : t('requests.details.to')}{' '}
            {transfer.counterpartyName ? <bdi>{transfer.counterpartyName}</bdi> : null}{' '}
            {transfer.counterpartyAccountNumber ? (
              <Ltr>{maskAccount(transfer.counterpartyAccountNumber)}</Ltr>
            ) : null}
          </span>
          {name || quantity ? (
            <span data-testid="request-item">
              {name ? <bdi>{name}</bdi> : null}
              {name && quantity ? <span aria-hidden> · </span> : null}
              {quantity ? <span className="tabular-nums">{quantity}</span> : null}
            </span>
          ) : null}
        </span>
      );
    }
  }
}

/**
 * Staff write their reason in words; a reason the server gives itself (asset to cash no longer
 * covered) is a locale key of the `transfers` namespace.
 */
function reasonText(reason: string | null, t: (key: string) => string): string {
  if (!reason) return '';
  return reason.startsWith('transfers:reasons.') ? t(reason) : reason;
}

export function RequestListItem({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation(['banking', 'transfers']);
  const hasReason =
    (transfer.status === 'failed' || transfer.status === 'cancelled') && transfer.reason;
  return (
    <li className="grid gap-2 py-4 first:pt-0 last:pb-0" data-testid="request-item-row">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold" data-testid="request-type">
            {requestTypeText(t, transfer)}
          </h3>
          <RequestStatusBadge status={transfer.status} />
        </div>
        <span className="font-semibold tabular-nums" data-testid="request-amount">
          {formatUsd(transfer.amount)}
        </span>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <div className="grid gap-0.5">
          <Details transfer={transfer} />
          <span className="flex flex-wrap gap-x-3">
            {transfer.reference ? (
              <span>
                {t('requests.reference')} <Ltr>{transfer.reference}</Ltr>
              </span>
            ) : null}
            <time dateTime={transfer.createdAt}>
              {formatDate(transfer.createdAt, undefined, dateTime)}
            </time>
          </span>
        </div>
        {transfer.type === 'withdrawal' && transfer.status === 'pending' ? (
          <CancelWithdrawal transfer={transfer} />
        ) : null}
        {transfer.type === 'bank_deposit' && transfer.status === 'pending' ? (
          <ShowBankDetails transfer={transfer} />
        ) : null}
      </div>
      {hasReason ? (
        <p className="text-sm" data-testid="request-reason">
          <span className="font-medium">{t('requests.reason')}</span>{' '}
          <bdi>{reasonText(transfer.reason, t)}</bdi>
        </p>
      ) : null}
    </li>
  );
}
