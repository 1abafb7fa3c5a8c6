// Staff and the price book (decision 028; DESIGN §4 "Dual control"): the Prices tab's view — the
// book with each price's source, the feed's health and the price changes waiting — and a price
// change, which is a proposal another staff member approves into the book (ledger/proposals.ts,
// ledger_decide_proposal). The proposal keeps the book's prices it was made against, so approval
// refuses once the book has moved since; and what it would do to the value of every customer's
// holdings of the asset together, so the checker sees what they approve.
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Proposal } from '@secure-vault/shared/approvals';
import type { Asset } from '@secure-vault/shared/catalogue';
import { dec } from '@secure-vault/shared/money';
import type { PriceChange, StaffPriceBook } from '@secure-vault/shared/prices';
import type { AppContext } from '../../context.ts';
import { staffProposals } from '../../db/approvals-schema.ts';
import { assetPrices } from '../../db/prices-schema.ts';
import { readProposal, readProposals } from '../../db/proposal-wire.ts';
import { valuables } from '../../db/vault-schema.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import type { RequestAuth } from '../../auth/sessions.ts';
import type { Idempotency, Outcome } from '../../ledger/movement.ts';
import { propose } from '../../ledger/proposals.ts';
import { onceForKey } from '../../ledger/staff-idempotency.ts';
import { readBook } from '../../prices/book.ts';
import { readFeedStatus } from '../../prices/feed-status.ts';

export async function getStaffPrices(ctx: AppContext, staff: RequestAuth): Promise<StaffPriceBook> {
  const at = ctx.clock.now();
  const [book, feed, pending] = await Promise.all([
    readBook(ctx.database, at),
    readFeedStatus(ctx.database, ctx.config.priceFeed, at),
    readProposals(
      ctx.db,
      staff.user.id,
      and(eq(staffProposals.kind, 'price_change'), eq(staffProposals.status, 'pending')),
      { order: 'queue', limit: 100, offset: 0 },
    ),
  ]);
  return { book, feed, pending };
}

/**
 * Proposes the asset's prices, once per Idempotency-Key: nothing in the book changes until a
 * different staff member approves it. CONFLICT while another change to the asset waits.
 */
export function proposePriceChange(
  ctx: AppContext,
  staff: RequestAuth,
  asset: Asset,
  change: PriceChange,
  idempotency: Idempotency,
  meta: RequestMeta,
): Promise<Outcome<Proposal>> {
  const at = ctx.clock.now();
  const buy = dec(change.buy).toFixed();
  const sell = dec(change.sell).toFixed();
  return onceForKey(ctx.database, staff.user.id, idempotency, at, 202, async (_, tx) => {
    const [before] = await tx
      .select({ buy: assetPrices.buy, sell: assetPrices.sell })
      .from(assetPrices)
      .where(eq(assetPrices.symbol, asset.symbol))
      .orderBy(desc(assetPrices.id))
      .limit(1);
    if (!before) throw new Error(`the price book has no price for ${asset.symbol}`);
    // Every customer's holdings of the asset, valued as the book values them, before and after.
    const [revalued] = await tx
      .select({
        amount: sql<string>`coalesce(sum(round(${valuables.quantity} * ${sell}::numeric, 8)
          - round(${valuables.quantity} * ${before.sell}::numeric, 8)), 0)`,
      })
      .from(valuables)
      .where(and(eq(valuables.assetSymbol, asset.symbol), ne(valuables.status, 'delivered')));
    const row = await propose(
      tx,
      staff.user.id,
      {
        subjectUserId: null,
        targetId: null,
        amount: revalued?.amount ?? '0',
        payload: {
          kind: 'price_change',
          symbol: asset.symbol,
          buy,
          sell,
          buyBefore: dec(before.buy).toFixed(),
          sellBefore: dec(before.sell).toFixed(),
        },
      },
      at,
      meta.ip,
    );
    return readProposal(tx, staff.user.id, row.id);
  });
}
