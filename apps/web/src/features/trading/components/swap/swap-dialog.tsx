// Swap Assets (DESIGN §5; a dead button in SPEC §2): exchange a quantity of one held metal or
// cryptocurrency for another at listed prices, with a live preview of what arrives and the cash
// remainder, in one transaction on the server. The dashboard page loads this file lazily.
import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeftRight } from 'lucide-react';
import { paths } from '@secure-vault/shared/paths';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n';
import { SwapForm } from './swap-form';
import { useSwappableHoldings } from './swappable-holdings';

/**
 * The "Swap Assets" button and its dialog. Without `className` it is an outline button; with it,
 * a plain button with exactly those classes (a dashboard tile, say).
 */
export function SwapDialogTrigger({ className }: { className?: string }) {
  const { t } = useTranslation(['trading', 'catalogue']);
  const [open, setOpen] = useState(false);
  const content = (
    <>
      <ArrowLeftRight aria-hidden />
      {t('swap.open')}
    </>
  );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {className ? (
          <button type="button" className={className}>
            {content}
          </button>
        ) : (
          <Button variant="outline">{content}</Button>
        )}
      </DialogTrigger>
      <DialogContent closeLabel={t('swap.close')} className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('swap.title')}</DialogTitle>
          <DialogDescription>{t('swap.description')}</DialogDescription>
        </DialogHeader>
        <SwapBody onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function SwapBody({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['trading', 'catalogue']);
  const holdings = useSwappableHoldings();
  if (holdings.isPending) {
    return <Spinner className="py-6 text-muted-foreground" label={t('swap.loading')} />;
  }
  if (holdings.isError) {
    return (
      <LoadError onRetry={() => void holdings.refetch()} isRetrying={holdings.isFetching}>
        {t('swap.loadFailed')}
      </LoadError>
    );
  }
  if (holdings.data.length === 0) {
    return (
      <div className="grid gap-4 text-sm">
        <p className="text-muted-foreground">{t('swap.empty')}</p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button asChild variant="outline">
            <Link to={paths.preciousMetals}>{t('swap.buyMetals')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.crypto}>{t('swap.buyCrypto')}</Link>
          </Button>
        </div>
      </div>
    );
  }
  return <SwapForm holdings={holdings.data} onDone={onDone} />;
}
