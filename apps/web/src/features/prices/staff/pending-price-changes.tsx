// The price changes waiting for a second staff member (decision 028, DESIGN §4 "Dual control"),
// oldest first: the asset, who proposed it and when, buy and sell before → after, and what it
// does to the value of every customer's holdings of the asset together. Deciding is done in
// Approvals; its maker may withdraw their own here, after confirming.
import { Link } from 'react-router';
import { ArrowRight, ShieldCheck, Undo2 } from 'lucide-react';
import type { Proposal, ProposedPrice } from '@secure-vault/shared/approvals';
import { dec } from '@secure-vault/shared/money';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { EmailAddress } from '@/components/ui/email-address';
import { assetName } from '@/lib/asset-name';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { formatUsd } from '@/lib/money';
import { cn } from '@/lib/utils';
import { formatBookPrice } from './price-text';

const dateTime: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

function PriceMove({ side, price }: { side: 'buy' | 'sell'; price: ProposedPrice }) {
  const { t } = useTranslation('admin');
  const [before, after] =
    side === 'buy' ? [price.buyBefore, price.buy] : [price.sellBefore, price.sell];
  return (
    <>
      <dt className="text-muted-foreground">{t(`prices.columns.${side}`)}</dt>
      <dd
        className="flex flex-wrap items-center justify-end gap-1 tabular-nums"
        data-testid={`pending-${side}`}
      >
        <span className="text-muted-foreground">{formatBookPrice(before)}</span>
        <ArrowRight aria-hidden className="size-3 shrink-0 rtl:rotate-180" />
        <span className="sr-only">{t('prices.pending.to')} </span>
        <span className="font-semibold">{formatBookPrice(after)}</span>
      </dd>
    </>
  );
}

/** The holdings' revaluation, signed: green when it adds value, red when it takes value out. */
function Revaluation({ amount }: { amount: string }) {
  const value = dec(amount);
  return (
    <bdi
      dir="ltr"
      className={cn(
        'whitespace-nowrap font-semibold tabular-nums',
        value.greaterThan(0) && 'text-success',
        value.lessThan(0) && 'text-destructive',
      )}
      data-testid="pending-revaluation"
    >
      {formatUsd(amount, { sign: 'exceptZero' })}
    </bdi>
  );
}

function PendingItem({
  proposal,
  price,
  onWithdraw,
}: {
  proposal: Proposal;
  price: ProposedPrice;
  onWithdraw: (proposal: Proposal) => void;
}) {
  const { t } = useTranslation(['admin', 'catalogue']);
  const name = assetName(t, price.symbol);
  return (
    <li className="grid gap-3 rounded-md border p-4" data-testid="pending-price">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <span className="grid gap-0.5">
          <span className="font-medium">
            <bdi>{name}</bdi>{' '}
            <bdi dir="ltr" className="font-mono text-xs text-muted-foreground">
              {price.symbol}
            </bdi>
          </span>
          <span className="text-xs text-muted-foreground">
            {t('prices.pending.proposedBy')} <EmailAddress email={proposal.maker.email} />
            <span aria-hidden> · </span>
            <time dateTime={proposal.createdAt}>
              {formatDate(proposal.createdAt, undefined, dateTime)}
            </time>
          </span>
        </span>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <PriceMove side="buy" price={price} />
        <PriceMove side="sell" price={price} />
        <dt className="text-muted-foreground">{t('prices.pending.revaluation')}</dt>
        <dd className="justify-self-end text-end">
          <Revaluation amount={proposal.amount} />
        </dd>
      </dl>
      <p className="text-xs text-muted-foreground">{t('prices.pending.revaluationHint')}</p>
      <div className="flex flex-wrap items-center gap-2">
        {proposal.canWithdraw ? (
          <>
            <span className="text-sm text-muted-foreground">{t('prices.pending.yours')}</span>
            <Button size="sm" variant="outline" onClick={() => onWithdraw(proposal)}>
              <Undo2 aria-hidden />
              {t('prices.pending.withdraw')}
              <span className="sr-only"> ({name})</span>
            </Button>
          </>
        ) : (
          <Button asChild size="sm" variant="outline">
            <Link to={{ search: '?tab=approvals' }} replace>
              <ShieldCheck aria-hidden />
              {t('prices.pending.review')}
              <span className="sr-only"> ({name})</span>
            </Link>
          </Button>
        )}
      </div>
    </li>
  );
}

export function PendingPriceChanges({
  pending,
  onWithdraw,
}: {
  pending: readonly Proposal[];
  onWithdraw: (proposal: Proposal) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Card data-testid="pending-prices">
      <CardHeader>
        <h3 className="text-lg font-semibold leading-tight">{t('prices.pending.title')}</h3>
        <CardDescription>{t('prices.pending.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {pending.length === 0 ? (
          <p
            className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground"
            data-testid="pending-prices-empty"
          >
            {t('prices.pending.empty')}
          </p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2" aria-label={t('prices.pending.title')}>
            {pending.map((proposal) =>
              proposal.price ? (
                <PendingItem
                  key={proposal.id}
                  proposal={proposal}
                  price={proposal.price}
                  onWithdraw={onWithdraw}
                />
              ) : null,
            )}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
