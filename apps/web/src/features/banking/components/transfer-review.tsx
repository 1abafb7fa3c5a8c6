// Step 2 of /transfer-assets, "Review" (SPEC §8; DESIGN §5): what moves, its value, and to whom,
// with the warning that a transfer is immediate and final; Confirm sends it once. The
// Idempotency-Key comes from the page (one per intended transfer): a retry after a failure, or a
// second press while the first is on its way, cannot send twice.
import { type ReactNode, useRef } from 'react';
import { ArrowLeft, TriangleAlert } from 'lucide-react';
import type { TFunction } from 'i18next';
import * as banking from '@secure-vault/shared/banking/contracts';
import type { Transfer, TransferRequest } from '@secure-vault/shared/transfers';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { formatAssetQuantity, formatUsd, ltrIsolate } from '@/lib/money';
import { holdingName } from '@/lib/valuable-text';
import { type TransferItem, transferValue } from '../transfer-items';
import type { TransferDraft } from './transfer-details-form';

/** SPEC §8's "Failed to transfer asset. Please try again.", or the reason the server gave. */
export function transferFailureText(t: TFunction, error: unknown, item: TransferItem): string {
  const fallback = t('transfers:review.failed');
  if (!(error instanceof ApiError)) return fallback;
  switch (error.code) {
    case 'INSUFFICIENT_CASH':
      return t('transfers:review.insufficientCash');
    case 'INSUFFICIENT_HOLDING':
      return t('transfers:review.insufficientHolding');
    case 'ASSET_UNAVAILABLE':
      return t('transfers:review.assetUnavailable');
    case 'QUANTITY_INVALID':
      return item.kind === 'cash'
        ? t('transfers:errors.amountInvalid')
        : t('transfers:errors.quantityInvalid');
    default:
      // KYC_REQUIRED, a refused number, staff viewing as the customer…: the app's own texts.
      return apiErrorText(t, error, fallback);
  }
}

/** "250.00 US$", "1,000.000 mg", or "The whole item". */
export function amountText(t: TFunction, item: TransferItem, quantity: string | undefined) {
  if (quantity === undefined || item.kind === 'whole') return t('transfers:review.wholeItem');
  if (item.kind === 'cash') return formatUsd(quantity);
  if (item.asset) return formatAssetQuantity(t, item.asset, quantity);
  return ltrIsolate(quantity);
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-end font-medium">{children}</dd>
    </div>
  );
}

export function TransferReview({
  draft,
  keyFor,
  onBack,
  onDone,
}: {
  draft: TransferDraft;
  /** The Idempotency-Key of this request: the same on a retry. */
  keyFor: (body: TransferRequest) => string;
  onBack: () => void;
  onDone: (transfer: Transfer) => void;
}) {
  const { t } = useTranslation(['transfers', 'catalogue', 'vault', 'auth', 'common']);
  const create = useApiMutation(banking.createTransfer);
  // Set at the press itself, before React re-renders the button disabled: a double click sends once.
  const isSending = useRef(false);
  const { item, body, recipient } = draft;
  const value = transferValue(item, body.quantity);
  const name = holdingName(t, item.valuable) ?? t('vault:itemTypes.other');

  const onConfirm = () => {
    if (isSending.current) return;
    isSending.current = true;
    create.mutate(
      { body, idempotencyKey: keyFor(body) },
      {
        onSuccess: (transfer) => onDone(transfer),
        onError: (error) => {
          toast.error(t('review.declined'), { description: transferFailureText(t, error, item) });
        },
        onSettled: () => {
          isSending.current = false;
        },
      },
    );
  };

  return (
    <div className="grid gap-6" data-testid="transfer-review">
      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="transfer-review-what" className="rounded-md border p-4">
          <h3 id="transfer-review-what" className="mb-1 font-semibold">
            {t('review.what')}
          </h3>
          <dl className="divide-y">
            <Row label={t('review.item')}>
              <bdi>{name}</bdi>
            </Row>
            <Row label={item.kind === 'cash' ? t('review.amount') : t('review.quantity')}>
              <span className="tabular-nums" data-testid="review-amount">
                {amountText(t, item, body.quantity)}
              </span>
            </Row>
            <Row label={t('review.value')}>
              <span className="tabular-nums" data-testid="review-value">
                {value === null ? t('picker.notValued') : formatUsd(value)}
              </span>
            </Row>
          </dl>
        </section>
        <section aria-labelledby="transfer-review-to" className="rounded-md border p-4">
          <h3 id="transfer-review-to" className="mb-1 font-semibold">
            {t('review.to')}
          </h3>
          <dl className="divide-y">
            <Row label={t('review.receiver')}>
              <bdi data-testid="review-receiver">{recipient.maskedName}</bdi>
            </Row>
            <Row label={t('review.accountNumber')}>
              <bdi dir="ltr" className="font-mono tracking-wider">
                {recipient.accountNumber}
              </bdi>
            </Row>
          </dl>
        </section>
      </div>

      <Alert tone="warning">
        <TriangleAlert aria-hidden />
        <div className="grid gap-1">
          <p className="font-semibold">{t('review.warningTitle')}</p>
          <p>{t('review.warning')}</p>
        </div>
      </Alert>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          type="button"
          variant="outline"
          size="lg"
          onClick={onBack}
          disabled={create.isPending}
        >
          <ArrowLeft aria-hidden className="rtl:rotate-180" />
          {t('review.back')}
        </Button>
        <Button type="button" size="lg" onClick={onConfirm} disabled={create.isPending}>
          {create.isPending ? <Spinner label={t('review.sending')} /> : t('review.confirm')}
        </Button>
      </div>
    </div>
  );
}
