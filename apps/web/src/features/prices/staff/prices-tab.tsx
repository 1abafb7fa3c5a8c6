// Prices (decision 028): the book every order is priced from, with each price's source, age and
// 24 h change; the price feed's health; and the price changes waiting for a second staff member.
// A staff member proposes an asset's buy and sell prices here; nothing changes until another
// approves it in Approvals (DESIGN §4 "Dual control"). Each asset's open limit orders, and what
// they reserve, open from its row (issue 29).
import { useState } from 'react';
import { type Asset, assets } from '@secure-vault/shared/catalogue';
import type { Proposal } from '@secure-vault/shared/approvals';
import type { StaffPriceBook } from '@secure-vault/shared/prices';
import { Card, CardContent } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { ListCardHeader } from '@/components/staff/list-card-header';
import { useTranslation } from '@/lib/i18n';
import { useNow } from '@/lib/use-now';
import { useStaffPrices } from './api/get-staff-prices';
import { FeedStatusCard } from './feed-status-card';
import { OpenOrdersDialog } from './open-orders-dialog';
import { PendingPriceChanges } from './pending-price-changes';
import { type BookRow, PriceBookList } from './price-book-list';
import { ProposePriceDialog } from './propose-price-dialog';
import { WithdrawPriceDialog } from './withdraw-price-dialog';

/** Every listed asset the book prices, in the catalogue's order. */
function bookRows({ book, feed, pending }: StaffPriceBook): BookRow[] {
  const waiting = new Set(pending.flatMap((proposal) => proposal.price?.symbol ?? []));
  return assets.flatMap((asset) => {
    const entry = book.prices.find((price) => price.symbol === asset.symbol);
    if (!entry) return [];
    return [
      {
        asset,
        entry,
        since: Date.parse(entry.effectiveAt),
        isHalted: feed.halted.includes(asset.symbol),
        isWaiting: waiting.has(asset.symbol),
      },
    ];
  });
}

function TabSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true" data-testid="prices-loading">
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-96 w-full" />
    </div>
  );
}

export function PricesTab() {
  const { t } = useTranslation(['admin', 'catalogue']);
  const query = useStaffPrices();
  const [proposing, setProposing] = useState<BookRow | null>(null);
  const [withdrawing, setWithdrawing] = useState<Proposal | null>(null);
  const [showingOrders, setShowingOrders] = useState<Asset | null>(null);
  const clock = useNow(15_000);
  const { data } = query;

  if (!data) {
    return query.isError ? (
      <LoadError
        title={t('prices.loadErrorTitle')}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      >
        {t('prices.loadErrorBody')}
      </LoadError>
    ) : (
      <TabSkeleton />
    );
  }
  // The ages are told on the server's clock: the book says when it was read, and it arrived at
  // `dataUpdatedAt`, so a browser clock set wrong does not age a price.
  const now = Date.parse(data.book.at) + Math.max(0, clock - query.dataUpdatedAt);
  const rows = bookRows(data);

  return (
    <div className="grid gap-6">
      <FeedStatusCard feed={data.feed} now={now} />
      <PendingPriceChanges pending={data.pending} onWithdraw={setWithdrawing} />
      <Card>
        <ListCardHeader
          title={t('prices.title')}
          description={t('prices.description')}
          count={t('prices.count', { count: rows.length })}
          refreshLabel={t('prices.refresh')}
          isFetching={query.isFetching}
          onRefresh={() => void query.refetch()}
          testId="prices"
        />
        <CardContent className="grid gap-4">
          {query.isError ? (
            <LoadError onRetry={() => void query.refetch()} isRetrying={query.isFetching}>
              {t('prices.refreshFailed')}
            </LoadError>
          ) : null}
          {rows.length === 0 ? (
            <p
              className="rounded-md border border-dashed p-8 text-center text-sm text-muted-foreground"
              data-testid="prices-empty"
            >
              {t('prices.empty')}
            </p>
          ) : (
            <PriceBookList
              rows={rows}
              now={now}
              onPropose={setProposing}
              onShowOrders={setShowingOrders}
            />
          )}
        </CardContent>
      </Card>
      <ProposePriceDialog row={proposing} onClose={() => setProposing(null)} />
      <WithdrawPriceDialog proposal={withdrawing} onClose={() => setWithdrawing(null)} />
      <OpenOrdersDialog asset={showingOrders} onClose={() => setShowingOrders(null)} />
    </div>
  );
}
