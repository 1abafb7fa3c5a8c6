// The last look before a term starts: the holding, how much of it, the value fixed, the term and
// its rate, the profit and total return, the maturity date, and the warning that nothing fixed
// can leave before the term ends (SPEC §9). "Fix asset" sends it; the form closes the dialog with
// the answer.
import type { ReactNode } from 'react';
import { Lock } from 'lucide-react';
import type { FixedTermRequest } from '@secure-vault/shared/custody';
import { Alert } from '@/components/ui/alert';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n';
import { formatAssetQuantity, formatUsd, ltrIsolate } from '@/lib/money';
import { holdingName } from '@/lib/valuable-text';
import type { FixedItem, TermFigures } from '../fixed-items';
import { formatRate, formatTermDate, termName } from '../fixed-text';

/** What the review shows and sends. */
export interface FixedDraft {
  item: FixedItem;
  body: FixedTermRequest;
  /** The quantity fixed of a position (the whole one when the body names none). */
  quantity: string | null;
  value: string;
  interestRate: string;
  figures: TermFigures;
  maturesAt: Date;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-end font-medium tabular-nums">{children}</dd>
    </div>
  );
}

export function FixedReviewDialog({
  draft,
  isPending,
  onConfirm,
  onCancel,
}: {
  /** The term to confirm; the dialog is open while there is one. */
  draft: FixedDraft | null;
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['custody', 'catalogue', 'vault']);
  return (
    <AlertDialog
      open={draft !== null}
      onOpenChange={(open) => {
        if (!open && !isPending) onCancel();
      }}
    >
      <AlertDialogContent data-testid="fixed-review">
        <AlertDialogHeader>
          <AlertDialogTitle>{t('fixed.review.title')}</AlertDialogTitle>
          <AlertDialogDescription>{t('fixed.review.description')}</AlertDialogDescription>
        </AlertDialogHeader>
        {draft ? (
          <>
            <dl className="grid gap-2 rounded-md border bg-muted/40 p-4 text-sm">
              <Row label={t('fixed.review.asset')}>
                <bdi>{holdingName(t, draft.item.valuable) ?? t('vault:itemTypes.other')}</bdi>
              </Row>
              <Row label={t('fixed.review.quantity')}>
                {draft.quantity === null
                  ? t('fixed.review.wholeItem')
                  : draft.item.asset
                    ? formatAssetQuantity(t, draft.item.asset, draft.quantity)
                    : ltrIsolate(draft.quantity)}
              </Row>
              <Row label={t('fixed.review.value')}>{formatUsd(draft.value)}</Row>
              <Row label={t('fixed.review.term')}>
                {termName(t, draft.body.months)} · {formatRate(draft.interestRate)}
              </Row>
              <Row label={t('fixed.review.profit')}>
                <span data-testid="review-profit">{formatUsd(draft.figures.profit)}</span>
              </Row>
              <Row label={t('fixed.review.maturity')}>
                <span data-testid="review-maturity">{formatTermDate(draft.maturesAt)}</span>
              </Row>
              <div className="flex items-baseline justify-between gap-4 border-t pt-2">
                <dt className="font-semibold">{t('fixed.review.total')}</dt>
                <dd className="text-end text-base font-semibold tabular-nums">
                  <span data-testid="review-total">{formatUsd(draft.figures.total)}</span>
                </dd>
              </div>
            </dl>
            <Alert tone="warning">
              <Lock aria-hidden />
              <p>{t('fixed.review.warning')}</p>
            </Alert>
          </>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>{t('fixed.review.cancel')}</AlertDialogCancel>
          <AlertDialogAction
            disabled={isPending}
            onClick={(event) => {
              // Stay open while the request is sent; the form closes it with the answer.
              event.preventDefault();
              onConfirm();
            }}
          >
            {isPending ? <Spinner label={t('fixed.review.sending')} /> : t('fixed.review.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
