// The platform's position per asset (the reconciliation's rule 7, reconcile.ts: the postings'
// sums per asset and account) and the reconciliation's rule 8 (decision 031): reservations equal
// the open limit orders. Each open order's reservation is a holding of its customer with status `reserved`
// holding exactly what the order reserved (a buy's dollars, a sell's quantity of its asset), and
// every reserved holding is one open order's; the reserved amount per asset is reported beside the
// platform's position.
import { sql } from 'drizzle-orm';
import type { LedgerAccount } from '@secure-vault/shared/history';
import type {
  LedgerDifferenceKind,
  LedgerPosition,
} from '@secure-vault/shared/ledger-check/contracts';
import { dec, type Dec, toFixedString } from '@secure-vault/shared/money';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

export interface ReservationRow {
  user_id: string;
  email: string | null;
  symbol: string;
  reserved: string;
  /** The holding found: null when the order names none, or none is there. */
  valuable_id: string | null;
  /** What the holding holds for it, in the order's unit; null when it is not a fit. */
  held: string | null;
}

export interface ReservedRow {
  asset_symbol: string;
  amount: string;
}

export interface PositionRow {
  asset_symbol: string | null;
  account: LedgerAccount;
  amount: string;
}

export interface Reservations {
  reservations: ReservationRow[];
  reserved: ReservedRow[];
}

type Tx = Pick<Db, 'execute'>;

/** Canonical 8-decimal text; zero is never "-0". */
const fixed = (value: Dec | string) => toFixedString(dec(value).isZero() ? dec(0) : value);

/** Open orders and their reservations, then reserved holdings no open order names; and totals. */
export async function readReservations(tx: Tx): Promise<Reservations> {
  const reservations = rowsOf<ReservationRow>(
    await tx.execute(
      sql`select o.user_id, u.email,
          case when o.side = 'buy' then 'USD' else o.symbol end as symbol, o.reserved::text,
          v.id as valuable_id,
          case when v.user_id = o.user_id and v.status = 'reserved'
              and v.asset_symbol = case when o.side = 'buy' then 'USD' else o.symbol end
            then (case when o.side = 'buy' then v.estimated_value else v.quantity end)::text
          end as held
        from limit_orders o
        left join valuables v on v.id = o.reservation_id
        left join users u on u.id = o.user_id
        where o.status = 'open'
        union all
        select v.user_id, u.email, v.asset_symbol, '0', v.id,
          (case when v.asset_symbol = 'USD' then v.estimated_value else v.quantity end)::text
        from valuables v left join users u on u.id = v.user_id
        where v.status = 'reserved' and not exists (
          select 1 from limit_orders o where o.reservation_id = v.id and o.status = 'open')`,
    ),
  );
  const reserved = rowsOf<ReservedRow>(
    await tx.execute(
      sql`select asset_symbol,
          sum(case when asset_symbol = 'USD' then estimated_value else quantity end)::text as amount
        from valuables where status = 'reserved' group by asset_symbol`,
    ),
  );
  return { reservations, reserved };
}

type Differ = (
  kind: LedgerDifferenceKind,
  who: { userId: string | null; email: string | null },
  what: { valuableId: string | null; itemName: string | null },
  expected: Dec | string,
  actual: Dec | string,
) => void;

/** A difference for each reservation that is not what its order holds, or no order's. */
export function checkReservations(rows: readonly ReservationRow[], differ: Differ): void {
  for (const row of rows) {
    if (row.held === null || !dec(row.held).eq(row.reserved)) {
      differ(
        'reservation',
        { userId: row.user_id, email: row.email },
        { valuableId: row.valuable_id, itemName: row.symbol },
        row.reserved,
        row.held ?? '0',
      );
    }
  }
}

const positionKeys = {
  customer: 'customers',
  trading_book: 'tradingBook',
  rounding: 'rounding',
  world: 'world',
  interest: 'interest',
  custody_intake: 'custodyIntake',
} as const satisfies Record<LedgerAccount, keyof Omit<LedgerPosition, 'asset'>>;

/** The sums per asset and account as one position per asset: cash, the symbols, custody items. */
export function platformPositions(rows: PositionRow[], reserved: ReservedRow[]): LedgerPosition[] {
  const byAsset = new Map<string | null, LedgerPosition>();
  for (const row of rows) {
    const position = byAsset.get(row.asset_symbol) ?? {
      asset: row.asset_symbol,
      customers: fixed('0'),
      tradingBook: fixed('0'),
      rounding: fixed('0'),
      world: fixed('0'),
      interest: fixed('0'),
      custodyIntake: fixed('0'),
      reserved: fixed('0'),
    };
    const key = positionKeys[row.account];
    position[key] = fixed(dec(position[key]).plus(row.amount));
    byAsset.set(row.asset_symbol, position);
  }
  for (const row of reserved) {
    const position = byAsset.get(row.asset_symbol);
    if (position) position.reserved = fixed(row.amount);
  }
  const rank = (asset: string | null) => (asset === 'USD' ? 0 : asset === null ? 2 : 1);
  return [...byAsset.values()].sort(
    (a, b) => rank(a.asset) - rank(b.asset) || (a.asset ?? '').localeCompare(b.asset ?? ''),
  );
}
