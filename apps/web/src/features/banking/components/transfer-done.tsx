// After a transfer (SPEC §2 /transfer-assets; DESIGN §5: it completes at once): what went to
// whom, its reference, the offer to save the receiver for next time, and the ways on: the
// history, the dashboard, or another transfer.
import { Link } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { paths } from '@secure-vault/shared/paths';
import type { Transfer } from '@secure-vault/shared/transfers';
import { Button } from '@/components/ui/button';
import { isolate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { formatUsd } from '@/lib/money';
import { holdingName } from '@/lib/valuable-text';
import { shortReference } from '../transfer-items';
import type { TransferDraft } from './transfer-details-form';
import { SaveRecipientOffer } from './save-recipient-offer';
import { amountText } from './transfer-review';
import { Tooltip } from '@/components/ui/tooltip';

export function TransferDone({
  transfer,
  draft,
  onAnother,
}: {
  transfer: Transfer;
  draft: TransferDraft;
  onAnother: () => void;
}) {
  const { t } = useTranslation(['transfers', 'catalogue', 'vault']);
  const { item, body, recipient } = draft;
  const name = holdingName(t, item.valuable) ?? t('vault:itemTypes.other');
  const what = item.kind === 'whole' ? name : `${amountText(t, item, body.quantity)} · ${name}`;

  return (
    <div className="grid gap-6" data-testid="transfer-done">
      <div className="flex items-start gap-3">
        <CircleCheck aria-hidden className="mt-0.5 size-6 shrink-0 text-success" />
        {/* The name is isolated so its Latin letters and stars keep their order in Arabic. */}
        <p>{t('done.description', { name: isolate(recipient.maskedName) })}</p>
      </div>
      <dl className="grid gap-x-6 gap-y-3 rounded-md border p-4 sm:grid-cols-2">
        <div className="grid gap-1">
          <dt className="text-sm text-muted-foreground">{t('done.what')}</dt>
          <dd className="font-medium">
            <bdi>{what}</bdi>
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-sm text-muted-foreground">{t('done.value')}</dt>
          <dd className="font-medium tabular-nums">{formatUsd(transfer.amount)}</dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-sm text-muted-foreground">{t('done.to')}</dt>
          <dd className="font-medium">
            <bdi>{recipient.maskedName}</bdi>{' '}
            <bdi dir="ltr" className="font-mono text-sm tracking-wider text-muted-foreground">
              {recipient.accountNumber}
            </bdi>
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-sm text-muted-foreground">{t('done.reference')}</dt>
          <dd>
            <Tooltip content={<bdi dir="ltr">{transfer.id}</bdi>}>
              <bdi
                dir="ltr"
                tabIndex={0}
                className="font-mono font-semibold tracking-wider"
                data-testid="transfer-reference"
              >
                {shortReference(transfer.id)}
              </bdi>
            </Tooltip>
          </dd>
        </div>
      </dl>
      <SaveRecipientOffer accountNumber={recipient.accountNumber} />
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button asChild>
          <Link to={paths.history}>{t('done.history')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.dashboard}>{t('done.dashboard')}</Link>
        </Button>
        <Button type="button" variant="ghost" onClick={onAnother}>
          {t('done.another')}
        </Button>
      </div>
    </div>
  );
}
