// The reconciliation (issue 15 item 6): proves, from one consistent snapshot, that what the vault
// shows is what the journal says. The rules, as every ledger operation keeps them:
//
// 1. Every journal row of a customer names the valuable it moved (`valuable_id`); rows with no
//    customer are the platform's rounding account. A valuable's rows stay after it is deleted.
// 2. A holding (any row of `valuables`, whatever its status) equals the sum of the journal rows
//    of that valuable written for its owner: value = Σ value_delta (an unvalued custody item
//    counts 0), quantity = Σ quantity_delta (null counts 0). Positions are journaled by the id
//    of the position row itself: a position emptied and bought again is a new row with its own
//    rows; a part split off for a fixed term or a delivery is a new row opened by a row of its
//    own and closed by one that brings the part back (or takes it out of the vault).
// 3. A custody item sent to another customer keeps its id and changes hands with a row on each
//    side, so for everyone else who ever held it the rows net to zero ('owner' otherwise).
// 4. The rows of a valuable that is gone (sold out, delivered, converted, removed by staff) net
//    to zero for every customer ('orphan_journal' otherwise).
// 5. Cash: one active position per customer, never negative, always whole cents.
// 6. Platform: all holdings together equal all customer journal rows together. Value a trade or
//    swap moved apart from its cash (sub-cents) is on the rounding account, reported beside it.
// 7. Every movement balances (decision 021): its postings, the customers' and the platform
//    accounts', sum to zero in every asset (ledger_amount: quantity of a listed asset, dollars of
//    cash and of custody items). The database refuses to commit one that does not; this proves
//    it of the rows already there, the converted single-entry journal included. The sums per
//    asset and account are the platform's position.
// 8. Reservations equal the open limit orders (decision 031): each open order's reservation is a
//    holding of its customer with status `reserved` holding exactly what the order reserved (a
//    buy's dollars, a sell's quantity of its asset), and every reserved holding is one open
//    order's. The reserved amount per asset is reported beside the platform's position.
//
// Exact decimals only: sums are PostgreSQL numeric, compared with decimal.js.
import { sql } from 'drizzle-orm';
import type {
  LedgerDifference,
  LedgerDifferenceKind,
  LedgerReport,
} from '@secure-vault/shared/ledger-check/contracts';
import type { LedgerAccount } from '@secure-vault/shared/history';
import { historyGroups } from '@secure-vault/shared/history';
import { dec, type Dec, isWholeCents, toFixedString } from '@secure-vault/shared/money';
import type { Db } from '../db/client.ts';
import { rowsOf as resultRows } from '../db/rows.ts';
import {
  checkReservations,
  platformPositions,
  type PositionRow,
  readReservations,
  type Reservations,
} from './reconcile-positions.ts';

interface HoldingRow {
  id: string;
  user_id: string;
  email: string | null;
  item_name: string;
  asset_symbol: string | null;
  status: string;
  value: string;
  quantity: string;
}

interface JournalSumRow {
  valuable_id: string;
  user_id: string;
  email: string | null;
  item_name: string | null;
  value: string;
  quantity: string;
}

interface KindSumRow {
  kind: string;
  account: LedgerAccount;
  value: string;
  rows: string | number;
}

interface UnbalancedRow {
  movement: string;
  asset_symbol: string | null;
  left_over: string;
}

interface SnapshotRow {
  position: string | null;
  unattached: string | null;
  unattached_users: string[] | null;
}

/** Both drivers answer `execute` with `{ rows }`. */
async function rowsOf<Row>(tx: Pick<Db, 'execute'>, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result: unknown = await tx.execute(query);
  return resultRows<Row>(result);
}

/** Canonical 8-decimal text; zero is never "-0". */
const fixed = (value: Dec | string) => toFixedString(dec(value).isZero() ? dec(0) : value);

/** Checks the whole ledger in one REPEATABLE READ, read-only transaction. */
export async function reconcileLedger(db: Db, now: Date = new Date()): Promise<LedgerReport> {
  const snapshot = await db.transaction(
    async (tx) => {
      const holdings = await rowsOf<HoldingRow>(
        tx,
        sql`select v.id, v.user_id, u.email, v.item_name, v.asset_symbol, v.status,
            coalesce(v.estimated_value, 0)::text as value, coalesce(v.quantity, 0)::text as quantity
          from valuables v left join users u on u.id = v.user_id
          order by u.email, v.item_name, v.id`,
      );
      const journal = await rowsOf<JournalSumRow>(
        tx,
        sql`select e.valuable_id, e.user_id, u.email,
            (array_agg(e.item_name order by e.created_at desc, e.id desc))[1] as item_name,
            sum(e.value_delta)::text as value, coalesce(sum(e.quantity_delta), 0)::text as quantity
          from ledger_entries e left join users u on u.id = e.user_id
          where e.account = 'customer' and e.valuable_id is not null
          group by e.valuable_id, e.user_id, u.email`,
      );
      const kinds = await rowsOf<KindSumRow>(
        tx,
        sql`select kind, account, sum(value_delta)::text as value, count(*) as rows
          from ledger_entries group by kind, account`,
      );
      const unbalanced = await rowsOf<UnbalancedRow>(
        tx,
        sql`select movement::text, asset_symbol,
            sum(ledger_amount(p_symbol => asset_symbol, p_quantity => quantity_delta, p_value => value_delta))::text as left_over
          from ledger_entries group by movement, asset_symbol
          having sum(ledger_amount(p_symbol => asset_symbol, p_quantity => quantity_delta, p_value => value_delta)) <> 0
          order by movement, asset_symbol`,
      );
      const positions = await rowsOf<PositionRow>(
        tx,
        sql`select asset_symbol, account,
            sum(ledger_amount(p_symbol => asset_symbol, p_quantity => quantity_delta, p_value => value_delta))::text as amount
          from ledger_entries group by asset_symbol, account`,
      );
      const [{ movements } = { movements: 0 }] = await rowsOf<{ movements: string | number }>(
        tx,
        sql`select count(distinct movement) as movements from ledger_entries`,
      );
      const [position] = await rowsOf<SnapshotRow>(
        tx,
        sql`select
            to_char(max(created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as position,
            sum(value_delta) filter (where user_id is not null and valuable_id is null)::text
              as unattached,
            array_agg(distinct user_id::text)
              filter (where user_id is not null and valuable_id is null) as unattached_users
          from ledger_entries`,
      );
      const { reservations, reserved } = await readReservations(tx);
      return {
        reservations,
        reserved,
        holdings,
        journal,
        kinds,
        position,
        unbalanced,
        positions,
        movements: Number(movements),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return buildReport(snapshot, now);
}

interface Snapshot extends Reservations {
  holdings: HoldingRow[];
  journal: JournalSumRow[];
  kinds: KindSumRow[];
  position: SnapshotRow | undefined;
  unbalanced: UnbalancedRow[];
  positions: PositionRow[];
  movements: number;
}

function buildReport(snapshot: Snapshot, now: Date): LedgerReport {
  const { holdings, journal, kinds, position, unbalanced, positions, movements } = snapshot;
  const differences: LedgerDifference[] = [];
  const differ = (
    kind: LedgerDifferenceKind,
    who: { userId: string | null; email: string | null },
    what: { valuableId: string | null; itemName: string | null },
    expected: Dec | string,
    actual: Dec | string,
    movement?: string,
  ) => {
    differences.push({
      ...(movement === undefined ? {} : { movement }),
      userId: who.userId,
      email: who.email,
      valuableId: what.valuableId,
      itemName: what.itemName,
      kind,
      expected: kind === 'duplicate_cash' ? String(expected) : fixed(expected),
      actual: kind === 'duplicate_cash' ? String(actual) : fixed(actual),
    });
  };

  // Journal sums by valuable, then by customer.
  const sums = new Map<string, Map<string, JournalSumRow>>();
  for (const row of journal) {
    const byUser = sums.get(row.valuable_id) ?? new Map<string, JournalSumRow>();
    byUser.set(row.user_id, row);
    sums.set(row.valuable_id, byUser);
  }

  const customers = new Set<string>();
  const cashPositions = new Map<string, HoldingRow[]>();
  let holdingsValue = dec(0);
  let cash = dec(0);
  for (const holding of holdings) {
    customers.add(holding.user_id);
    holdingsValue = holdingsValue.plus(holding.value);
    const who = { userId: holding.user_id, email: holding.email };
    const what = { valuableId: holding.id, itemName: holding.item_name };
    const byUser = sums.get(holding.id) ?? new Map<string, JournalSumRow>();
    sums.delete(holding.id);
    const own = byUser.get(holding.user_id);
    byUser.delete(holding.user_id);
    const journalValue = own?.value ?? '0';
    const journalQuantity = own?.quantity ?? '0';
    if (!dec(holding.quantity).eq(journalQuantity)) {
      differ('quantity', who, what, journalQuantity, holding.quantity);
    }
    if (!dec(holding.value).eq(journalValue)) {
      differ('value', who, what, journalValue, holding.value);
    }
    for (const other of byUser.values()) {
      if (!dec(other.value).isZero() || !dec(other.quantity).isZero()) {
        differ('owner', { userId: other.user_id, email: other.email }, what, '0', other.value);
      }
    }
    if (holding.asset_symbol === 'USD') {
      cash = cash.plus(holding.value);
      if (dec(holding.value).isNegative()) differ('negative_cash', who, what, '0', holding.value);
      if (!isWholeCents(holding.value)) {
        differ('fractional_cash', who, what, dec(holding.value).toDecimalPlaces(2), holding.value);
      }
      if (holding.status === 'active') {
        cashPositions.set(holding.user_id, [
          ...(cashPositions.get(holding.user_id) ?? []),
          holding,
        ]);
      }
    }
  }
  for (const [userId, positions] of cashPositions) {
    const [first] = positions;
    if (positions.length > 1 && first) {
      differ(
        'duplicate_cash',
        { userId, email: first.email },
        { valuableId: null, itemName: first.item_name },
        '1',
        String(positions.length),
      );
    }
  }
  // Whatever is left names valuables that are gone.
  for (const [valuableId, byUser] of sums) {
    for (const row of byUser.values()) {
      customers.add(row.user_id);
      if (!dec(row.value).isZero() || !dec(row.quantity).isZero()) {
        differ(
          'orphan_journal',
          { userId: row.user_id, email: row.email },
          { valuableId, itemName: row.item_name },
          '0',
          row.value,
        );
      }
    }
  }
  for (const row of journal) customers.add(row.user_id);
  for (const userId of position?.unattached_users ?? []) customers.add(userId);
  if (position?.unattached && !dec(position.unattached).isZero()) {
    differ(
      'unattached_journal',
      { userId: null, email: null },
      { valuableId: null, itemName: null },
      '0',
      position.unattached,
    );
  }

  for (const row of unbalanced) {
    differ(
      'unbalanced',
      { userId: null, email: null },
      { valuableId: null, itemName: row.asset_symbol },
      '0',
      row.left_over,
      row.movement,
    );
  }

  checkReservations(snapshot.reservations, differ);

  /** The value posted on an account, by the given kinds or all of them. */
  const valueOn = (account: LedgerAccount, names?: readonly string[]) =>
    kinds
      .filter((row) => row.account === account && (!names || names.includes(row.kind)))
      .reduce((total, row) => total.plus(row.value), dec(0));
  const byKind = (names: readonly string[]) => valueOn('customer', names);
  const journalValue = valueOn('customer');
  if (!journalValue.eq(holdingsValue)) {
    differ(
      'platform',
      { userId: null, email: null },
      { valuableId: null, itemName: null },
      journalValue,
      holdingsValue,
    );
  }

  return {
    checkedAt: now.toISOString(),
    journalPosition: position?.position ?? null,
    customers: customers.size,
    holdings: holdings.length,
    differences,
    platform: {
      holdingsValue: fixed(holdingsValue),
      journalValue: fixed(journalValue),
      roundingAccount: fixed(valueOn('rounding')),
      cash: fixed(cash),
      deposits: fixed(byKind(['deposit'])),
      withdrawals: fixed(byKind(['withdrawal', 'refund']).negated()),
      fixedTermProfit: fixed(byKind(['fixed_term_profit'])),
      staffAdjustments: fixed(byKind([...historyGroups.staffAdjustments])),
      delivered: fixed(byKind(['delivery']).negated()),
      journalRows: kinds.reduce((total, row) => total + Number(row.rows), 0),
    },
    positions: platformPositions(positions, snapshot.reserved),
    movements,
    ok: differences.length === 0,
  };
}
