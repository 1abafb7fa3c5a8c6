// The "Propose a price" dialog (decision 028, DESIGN §4 "Dual control"): the form for one asset,
// with the asset's recent prices below it, then, once sent, that nothing has changed yet: the book
// keeps its prices until another staff member approves the change in Approvals.
import { useState } from 'react';
import { Link } from 'react-router';
import { CircleCheck, ShieldCheck } from 'lucide-react';
import type { Proposal } from '@secure-vault/shared/approvals';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { assetName } from '@/lib/asset-name';
import { useTranslation } from '@/lib/i18n';
import type { BookRow } from './price-book-list';
import { formatBookPrice } from './price-text';
import { ProposePriceForm } from './propose-price-form';
import { RecentPrices } from './recent-prices';

function Sent({
  proposal,
  asset,
  onClose,
}: {
  proposal: Proposal;
  asset: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const { price } = proposal;
  return (
    <div className="grid gap-4">
      <Alert tone="success" role="status" data-testid="propose-sent">
        <CircleCheck aria-hidden className="text-success" />
        <div className="grid gap-1">
          <p className="font-semibold">{t('prices.form.sentTitle')}</p>
          <p>{t('prices.form.sentBody', { asset })}</p>
          {price ? (
            <p className="tabular-nums">
              {t('prices.form.sentPrices', {
                buy: formatBookPrice(price.buy),
                sell: formatBookPrice(price.sell),
              })}
            </p>
          ) : null}
        </div>
      </Alert>
      <DialogFooter>
        <Button asChild variant="outline">
          <Link to={{ search: '?tab=approvals' }} replace>
            <ShieldCheck aria-hidden />
            {t('prices.form.toApprovals')}
          </Link>
        </Button>
        <Button type="button" onClick={onClose}>
          {t('prices.form.close')}
        </Button>
      </DialogFooter>
    </div>
  );
}

function DialogBody({ row, onClose }: { row: BookRow; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'catalogue']);
  const [sent, setSent] = useState<Proposal | null>(null);
  const asset = assetName(t, row.asset.symbol);
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('prices.form.title', { asset })}</DialogTitle>
        <DialogDescription>{t('prices.form.description')}</DialogDescription>
      </DialogHeader>
      {sent ? (
        <Sent proposal={sent} asset={asset} onClose={onClose} />
      ) : (
        <>
          <ProposePriceForm row={row} onSent={setSent} onCancel={onClose} />
          <RecentPrices symbol={row.asset.symbol} />
        </>
      )}
    </>
  );
}

export function ProposePriceDialog({ row, onClose }: { row: BookRow | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Dialog
      open={row !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
    >
      {row ? (
        <DialogContent closeLabel={t('prices.form.close')} data-testid="propose-price">
          <DialogBody key={row.asset.symbol} row={row} onClose={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
