// What Approvals says about a price change (decision 028): it has no customer, it names a listed
// asset, the book's buy and sell prices before → after, and what it does to the value of every
// customer's holdings of the asset together. The catalogue namespace gives the asset's name.
import type { TFunction } from 'i18next';
import { ArrowRight } from 'lucide-react';
import type { Proposal, ProposedPrice } from '@secure-vault/shared/approvals';
import { dec } from '@secure-vault/shared/money';
import { assetName } from '@/lib/asset-name';
import { isolate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { formatExactUsd, formatUsd } from '@/lib/money';

/** "Gold" for a price change, the customer's email otherwise: who or what a proposal is about. */
export function subjectText(t: TFunction, proposal: Proposal): string {
  if (proposal.price) return assetName(t, proposal.price.symbol);
  return proposal.customer?.email ?? '';
}

/** What approving a price change does, in words: the new prices, then the holdings' value. */
export function priceEffectSentence(t: TFunction, proposal: Proposal): string {
  const { price } = proposal;
  if (!price) return '';
  const asset = isolate(assetName(t, price.symbol));
  const sets = t('approvals.price.sets', {
    asset,
    buy: formatExactUsd(price.buy),
    sell: formatExactUsd(price.sell),
  });
  const amount = dec(proposal.amount);
  if (amount.isZero()) return `${sets} ${t('approvals.price.effects.none', { asset })}`;
  const key = amount.greaterThan(0) ? 'approvals.price.effects.up' : 'approvals.price.effects.down';
  return `${sets} ${t(key, { asset, amount: formatUsd(amount.abs().toFixed()) })}`;
}

/** The asset a price change is for, under its kind. */
export function ProposalAsset({ price }: { price: ProposedPrice }) {
  const { t } = useTranslation(['admin', 'catalogue']);
  return (
    <span className="text-xs text-muted-foreground" data-testid="proposal-asset">
      <bdi>{assetName(t, price.symbol)}</bdi>{' '}
      <bdi dir="ltr" className="font-mono">
        ({price.symbol})
      </bdi>
    </span>
  );
}

function PriceLine({
  side,
  before,
  after,
}: {
  side: 'buy' | 'sell';
  before: string;
  after: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <span
      className="flex flex-wrap items-center gap-1 whitespace-nowrap text-xs tabular-nums"
      data-testid={`proposal-price-${side}`}
    >
      <span className="text-muted-foreground">{t(`approvals.price.${side}`)}</span>
      <span className="text-muted-foreground">{formatExactUsd(before)}</span>
      <ArrowRight aria-hidden className="size-3 shrink-0 rtl:rotate-180" />
      <span className="sr-only">{t('approvals.valueTo')} </span>
      <span className="font-medium">{formatExactUsd(after)}</span>
    </span>
  );
}

/** The book's prices before → after, buy then sell. */
export function ProposalPrices({ price }: { price: ProposedPrice }) {
  const { t } = useTranslation('admin');
  return (
    <span className="grid gap-0.5" data-testid="proposal-prices">
      <span className="sr-only">{t('approvals.price.change')}: </span>
      <PriceLine side="buy" before={price.buyBefore} after={price.buy} />
      <PriceLine side="sell" before={price.sellBefore} after={price.sell} />
      <span className="text-xs text-muted-foreground">{t('approvals.price.revaluation')}</span>
    </span>
  );
}
