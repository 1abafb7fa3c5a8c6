// What a row of Transfer Management says about one transfer (SPEC §3 unified row), shared by the
// table and the phone cards: its type and reference, whose it is, where it goes, and when.
import { Fragment } from 'react';
import type { TFunction } from 'i18next';
import type { AdminTransfer } from '@secure-vault/shared/transfers';
import { findAsset } from '@secure-vault/shared/catalogue';
import { formatDate } from '@/lib/format';
import { formatAssetQuantity } from '@/lib/money';
import { useTranslation } from '@/lib/i18n';
import { holdingName, isCash } from '@/lib/valuable-text';
import { EmailAddress } from '@/components/ui/email-address';

/** Staff need the hour too: requests are decided in the order they came. */
const dateTime: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

export function transferDate(transfer: AdminTransfer): string {
  return formatDate(transfer.createdAt, undefined, dateTime);
}

/** Longer than this (an IBAN), a number may wrap, but only between its groups of four. */
const wholeUpTo = 20;

/**
 * An account number or a reference: left to right even in Arabic, and never cut mid-number. One
 * as long as an IBAN may wrap between its groups of four (as it is printed), without a space
 * added, so it still copies whole.
 */
export function AccountCode({ children }: { children: string }) {
  if (children.length <= wholeUpTo) {
    return (
      <bdi dir="ltr" className="whitespace-nowrap font-mono">
        {children}
      </bdi>
    );
  }
  const groups = children.match(/.{1,4}/g) ?? [children];
  return (
    <bdi dir="ltr" className="font-mono">
      {groups.map((group, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          <span className="whitespace-nowrap">{group}</span>
        </Fragment>
      ))}
    </bdi>
  );
}

function Party({ email, accountNumber }: { email: string | null; accountNumber: string | null }) {
  const { t } = useTranslation('admin');
  return (
    <span className="grid gap-0.5">
      <span>{email ? <EmailAddress email={email} /> : t('transfers.details.unknownParty')}</span>
      {accountNumber ? (
        <span className="text-xs text-muted-foreground">
          <AccountCode>{accountNumber}</AccountCode>
        </span>
      ) : null}
    </span>
  );
}

/** The type in words, with the reference (TXN… or WTH…) under it when it has one. */
export function TransferType({ transfer }: { transfer: AdminTransfer }) {
  const { t } = useTranslation('admin');
  return (
    <span className="grid gap-0.5">
      <span className="font-medium">{t(`transfers.types.${transfer.type}`)}</span>
      {transfer.reference ? (
        <span className="whitespace-nowrap text-xs text-muted-foreground">
          <span className="sr-only">{t('transfers.reference')}: </span>
          <bdi dir="ltr" className="font-mono">
            {transfer.reference}
          </bdi>
        </span>
      ) : null}
    </span>
  );
}

/** An asset transfer received is shown from its sender; everything else is the customer's own. */
const isReceived = (transfer: AdminTransfer) =>
  transfer.type === 'asset_transfer' && transfer.direction === 'in';

/** From/User: the customer who asked, or who sent the asset. */
export function TransferFrom({ transfer }: { transfer: AdminTransfer }) {
  return isReceived(transfer) ? (
    <Party email={transfer.counterpartyEmail} accountNumber={transfer.counterpartyAccountNumber} />
  ) : (
    <Party email={transfer.userEmail} accountNumber={transfer.userAccountNumber} />
  );
}

/** What moved in an asset transfer: the item, or a quantity of a listed asset; cash by name. */
function MovedItem({ transfer }: { transfer: AdminTransfer }) {
  const { t } = useTranslation(['admin', 'catalogue']);
  const name = holdingName(t, transfer);
  const asset = transfer.assetSymbol ? findAsset(transfer.assetSymbol) : undefined;
  const quantity =
    asset && transfer.quantity !== null && !isCash(transfer)
      ? formatAssetQuantity(t, asset, transfer.quantity)
      : null;
  if (!name && !quantity) return null;
  return (
    <span className="text-xs text-muted-foreground" data-testid="transfer-item">
      {name ? <bdi>{name}</bdi> : null}
      {name && quantity ? <span aria-hidden> · </span> : null}
      {quantity ? <span className="tabular-nums">{quantity}</span> : null}
    </span>
  );
}

/** To/Details: the receiver, the bank, the card, the reference to quote, or the conversion. */
export function TransferDetails({ transfer }: { transfer: AdminTransfer }) {
  const { t } = useTranslation('admin');
  switch (transfer.type) {
    case 'asset_transfer':
      return (
        <span className="grid gap-0.5">
          {isReceived(transfer) ? (
            <Party email={transfer.userEmail} accountNumber={transfer.userAccountNumber} />
          ) : (
            <Party
              email={transfer.counterpartyEmail ?? transfer.counterpartyName}
              accountNumber={transfer.counterpartyAccountNumber}
            />
          )}
          <MovedItem transfer={transfer} />
        </span>
      );
    case 'withdrawal':
      return (
        <span className="grid gap-0.5">
          <span>
            <bdi>{transfer.bankName ?? t('transfers.details.bank')}</bdi>
          </span>
          {transfer.bankAccountNumber ? (
            <span className="text-xs text-muted-foreground">
              <AccountCode>{transfer.bankAccountNumber}</AccountCode>
            </span>
          ) : null}
        </span>
      );
    case 'card_deposit':
      return (
        <span className="whitespace-nowrap">
          {t(`transfers.details.cardTypes.${transfer.cardType ?? 'Unknown'}`)}{' '}
          <bdi dir="ltr" className="tabular-nums">
            •••• {transfer.cardLastFour ?? '····'}
          </bdi>
        </span>
      );
    case 'bank_deposit':
      return (
        <span className="grid gap-0.5">
          <span>{t('transfers.details.bankTransfer')}</span>
          {transfer.reference ? (
            <span className="text-xs text-muted-foreground">
              {t('transfers.details.quoting')} <AccountCode>{transfer.reference}</AccountCode>
            </span>
          ) : null}
        </span>
      );
    case 'asset_to_cash':
      return <span>{t('transfers.details.convertToCash')}</span>;
  }
}

// A reason the server gave is a locale key (`transfers:reasons.notCovered`); one staff typed is
// plain text and shown as typed.
const localeKey = /^[a-z-]+:[A-Za-z]+(\.[A-Za-z]+)+$/;

/**
 * A reason in the page's language. The server's own are worded for the customer ("Your
 * holdings…"), so staff read the panel's wording of the same reason when it has one; `t` needs
 * the `transfers` namespace for the others.
 */
export function reasonText(t: TFunction, reason: string): string {
  if (!localeKey.test(reason)) return reason;
  const name = reason.slice(reason.lastIndexOf('.') + 1);
  return t([`admin:transfers.reasons.${name}`, reason, 'admin:transfers.reasons.other']);
}

/** Why a request was failed or cancelled, as the customer reads it. */
export function TransferReason({ transfer }: { transfer: AdminTransfer }) {
  const { t } = useTranslation(['admin', 'transfers']);
  if (!transfer.reason) return null;
  return (
    <span className="block max-w-56 text-xs text-muted-foreground" data-testid="transfer-reason">
      {t('transfers.reasonLabel')}: <bdi>{reasonText(t, transfer.reason)}</bdi>
    </span>
  );
}
