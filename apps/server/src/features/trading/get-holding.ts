// What the sell tab may sell: the user's active position in an asset (one indexed row), else a
// locked, in-delivery or reserved (for a limit order) one, which a sale would refuse; zeros when
// there is none.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Holding } from '@secure-vault/shared/trading';
import { toFixedString } from '@secure-vault/shared/money';
import type { Db } from '../../db/client.ts';
import { valuables } from '../../db/vault-schema.ts';
import { valueNow } from '../../db/wire.ts';
import { resolveAsset } from './pricing.ts';

export async function getHolding(db: Db, userId: string, symbol: string): Promise<Holding> {
  const asset = resolveAsset(symbol);
  const [row] = await db
    .select({
      quantity: valuables.quantity,
      value: valueNow,
      status: valuables.status,
    })
    .from(valuables)
    .where(
      and(
        eq(valuables.userId, userId),
        eq(valuables.assetSymbol, asset.symbol),
        inArray(valuables.status, ['active', 'locked', 'in_delivery', 'reserved']),
      ),
    )
    .orderBy(sql`${valuables.status} = 'active' desc`, sql`${valuables.createdAt} desc`)
    .limit(1);
  if (!row)
    return {
      symbol: asset.symbol,
      quantity: toFixedString('0'),
      value: toFixedString('0'),
      status: null,
    };
  return {
    symbol: asset.symbol,
    quantity: toFixedString(row.quantity ?? '0'),
    value: toFixedString(row.value ?? '0'),
    // The query reads no delivered row; a delivered holding is gone from the Sell tab.
    status: row.status === 'delivered' ? null : row.status,
  };
}
