// What an order or swap screen says while trading in an asset is paused because its price feed
// has not vouched for its price lately (PRICE_STALE, decision 029): no order in it can be placed
// until the price is fresh again, which the book says on its next read.
import { CirclePause } from 'lucide-react';
import type { Asset } from '@secure-vault/shared/catalogue';
import { Alert } from '@/components/ui/alert';
import { useTranslation } from '@/lib/i18n';

export function HaltedNotice({ asset }: { asset: Asset }) {
  const { t } = useTranslation(['trading', 'catalogue']);
  return (
    <Alert tone="warning" role="status" data-testid="price-halted">
      <CirclePause aria-hidden />
      <div className="grid gap-1">
        <p className="font-semibold">{t('prices.halted.title')}</p>
        <p>{t('prices.halted.body', { name: t(`catalogue:${asset.symbol}.name`) })}</p>
      </div>
    </Alert>
  );
}
