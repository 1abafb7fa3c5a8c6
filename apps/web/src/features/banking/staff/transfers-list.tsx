// Transfer Management's list (SPEC §2 tab 3): Type, Amount, Status, From/User, To/Details, Date
// and Actions. A table on wide screens; below, one card per transfer, as the other tabs do, so
// the status and the actions never hide in a side-scroller on a phone. Only a pending request
// has actions (DESIGN §5: a final state is final); an asset transfer is completed at once. In the
// table the actions stack, and emails and account numbers wrap only at their own seams, so the
// table fits its card at 1280 px; narrower, it scrolls inside the card.
import { Ban, CircleCheck, CircleX } from 'lucide-react';
import type { AdminTransfer, FinalTransferStatus } from '@secure-vault/shared/transfers';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatUsd } from '@/lib/money';
import { useTranslation } from '@/lib/i18n';
import {
  TransferDetails,
  TransferFrom,
  TransferReason,
  TransferType,
  transferDate,
} from './transfers-cells';
import { StatusBadge } from '@/components/ui/status-badge';
import { transferStatusTones } from '../transfer-status';

export type OnDecide = (transfer: AdminTransfer, status: FinalTransferStatus) => void;

export function canDecide(transfer: AdminTransfer): boolean {
  return transfer.status === 'pending' && transfer.type !== 'asset_transfer';
}

const actions = [
  { status: 'completed', label: 'complete', icon: CircleCheck, variant: 'default' },
  { status: 'failed', label: 'fail', icon: CircleX, variant: 'outline' },
  { status: 'cancelled', label: 'cancel', icon: Ban, variant: 'outline' },
] as const;

function Actions({
  transfer,
  isUpdating,
  onDecide,
}: {
  transfer: AdminTransfer;
  isUpdating: boolean;
  onDecide: OnDecide;
}) {
  const { t } = useTranslation('admin');
  if (!canDecide(transfer)) return null;
  // Which request a button acts on, for screen readers reading the buttons alone.
  const which = ` (${t(`transfers.types.${transfer.type}`)}, ${transfer.userEmail}, ${formatUsd(transfer.amount)})`;
  return (
    <div
      className="flex flex-wrap items-center gap-2 lg:flex-col lg:items-stretch"
      aria-busy={isUpdating}
    >
      {actions.map(({ status, label, icon: Icon, variant }) => (
        <Button
          key={status}
          size="sm"
          variant={variant}
          className={status === 'failed' ? 'text-destructive' : undefined}
          disabled={isUpdating}
          onClick={() => onDecide(transfer, status)}
        >
          <Icon aria-hidden />
          {t(`transfers.actions.${label}`)}
          <span className="sr-only">{which}</span>
        </Button>
      ))}
      {isUpdating ? <Spinner className="text-muted-foreground" /> : null}
    </div>
  );
}

function Status({ transfer }: { transfer: AdminTransfer }) {
  const { t } = useTranslation('admin');
  return (
    <span className="grid justify-items-start gap-1">
      <StatusBadge
        status={transfer.status}
        tones={transferStatusTones}
        label={t(`transfers.statuses.${transfer.status}`)}
        testId="transfer-status-badge"
      />
      <TransferReason transfer={transfer} />
    </span>
  );
}

export function TransfersList({
  items,
  updatingIds,
  onDecide,
}: {
  items: AdminTransfer[];
  /** Requests whose new status is on its way: their actions wait. */
  updatingIds: ReadonlySet<string>;
  onDecide: OnDecide;
}) {
  const { t } = useTranslation('admin');
  const headClass = 'px-3 py-2.5 text-start font-medium text-muted-foreground';
  const actionsOf = (transfer: AdminTransfer) => (
    <Actions transfer={transfer} isUpdating={updatingIds.has(transfer.id)} onDecide={onDecide} />
  );

  return (
    <>
      <ul
        className="grid gap-3 lg:hidden"
        aria-label={t('transfers.caption')}
        data-testid="transfers-cards"
      >
        {items.map((transfer) => (
          <li
            key={transfer.id}
            className="grid gap-3 rounded-md border p-4"
            data-testid="transfer-card"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <TransferType transfer={transfer} />
              <Status transfer={transfer} />
            </div>
            <p className="text-xl font-semibold tabular-nums">{formatUsd(transfer.amount)}</p>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">{t('transfers.columns.from')}</dt>
              <dd className="text-end">
                <TransferFrom transfer={transfer} />
              </dd>
              <dt className="text-muted-foreground">{t('transfers.columns.to')}</dt>
              <dd className="text-end">
                <TransferDetails transfer={transfer} />
              </dd>
              <dt className="text-muted-foreground">{t('transfers.columns.date')}</dt>
              <dd className="text-end">{transferDate(transfer)}</dd>
            </dl>
            {actionsOf(transfer)}
          </li>
        ))}
      </ul>
      <div className="relative hidden overflow-x-auto rounded-md border lg:block">
        <table className="w-full text-sm" data-testid="transfers-table">
          <caption className="sr-only">{t('transfers.caption')}</caption>
          <thead className="border-b bg-muted/50">
            <tr>
              <th scope="col" className={headClass}>
                {t('transfers.columns.type')}
              </th>
              <th scope="col" className={`${headClass} text-end`}>
                {t('transfers.columns.amount')}
              </th>
              <th scope="col" className={headClass}>
                {t('transfers.columns.status')}
              </th>
              <th scope="col" className={headClass}>
                {t('transfers.columns.from')}
              </th>
              <th scope="col" className={headClass}>
                {t('transfers.columns.to')}
              </th>
              <th scope="col" className={headClass}>
                {t('transfers.columns.date')}
              </th>
              <th scope="col" className={`${headClass} text-end`}>
                {t('transfers.columns.actions')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {items.map((transfer) => (
              <tr key={transfer.id} className="align-top" data-testid="transfer-row">
                <th scope="row" className="px-3 py-2.5 text-start font-normal">
                  <TransferType transfer={transfer} />
                </th>
                <td className="whitespace-nowrap px-3 py-2.5 text-end font-medium tabular-nums">
                  {formatUsd(transfer.amount)}
                </td>
                <td className="px-3 py-2.5">
                  <Status transfer={transfer} />
                </td>
                <td className="max-w-56 px-3 py-2.5">
                  <TransferFrom transfer={transfer} />
                </td>
                <td className="max-w-56 px-3 py-2.5">
                  <TransferDetails transfer={transfer} />
                </td>
                <td className="min-w-28 px-3 py-2.5">{transferDate(transfer)}</td>
                <td className="px-3 py-2">{actionsOf(transfer)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
