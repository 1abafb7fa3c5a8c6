// What an order or swap screen says when the server refused it because the price moved
// (PRICE_CHANGED): the new price, that nothing was done, and a button to look at the order again
// at the new price. Nothing is sent again until the customer confirms it once more.
import { RefreshCw } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';

export function PriceChangedNotice({
  message,
  reviewLabel,
  onReview,
}: {
  message: string;
  reviewLabel: string;
  onReview: () => void;
}) {
  const { t } = useTranslation('trading');
  return (
    <Alert tone="warning" role="alert" data-testid="price-changed">
      <RefreshCw aria-hidden />
      <div className="grid gap-2">
        <p className="font-semibold">{t('prices.changed.title')}</p>
        <p>{message}</p>
        <div>
          <Button type="button" size="sm" variant="outline" onClick={onReview}>
            {reviewLabel}
          </Button>
        </div>
      </div>
    </Alert>
  );
}
