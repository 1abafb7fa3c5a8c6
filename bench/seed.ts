// Seeds benchmark customers straight through the server's own services (no sign-up: argon2
// would dominate): an account, a live session and cash deposited through the ledger core;
// customers who send transfers also get their KYC approved, as staff's decision leaves it. The
// growth run's 10,000 customers are written in bulk SQL instead (seedManyCustomers).
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { findAsset } from '@secure-vault/shared/catalogue';
import { quote } from '@secure-vault/shared/trading';
// sessions.ts sets cookies on Fastify replies; its types come with the cookie plugin's.
import type {} from '@fastify/cookie';
import { createAccount } from '../apps/server/src/auth/accounts.ts';
import { createSession } from '../apps/server/src/auth/sessions.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { knownCaller } from '../apps/server/src/db/caller.ts';
import { kycVerifications } from '../apps/server/src/db/kyc-schema.ts';
import { valuables } from '../apps/server/src/db/vault-schema.ts';
import { creditCash } from '../apps/server/src/ledger/cash.ts';
import { newPosition } from '../apps/server/src/ledger/trade.ts';

/** Migrates the database and returns one session token per customer. */
export async function seedCustomers(
  target: { url?: string; dataDir?: string },
  count: number,
  cash: string,
): Promise<string[]> {
  const database = await openDatabase(target);
  try {
    await database.migrate();
    const run = randomBytes(4).toString('hex');
    const tokens: string[] = [];
    for (let i = 0; i < count; i++) {
      const now = new Date();
      const { userId } = await createAccount(database.db, {
        email: `bench-${run}-${i}@example.com`,
        passwordHash: 'not-a-real-hash',
        roles: ['user'],
        now,
      });
      await creditCash(database, knownCaller(userId), { kind: 'deposit', amount: cash, at: now });
      const session = await createSession(database.db, { userId, now, userAgent: 'bench' });
      tokens.push(session.token);
    }
    return tokens;
  } finally {
    await database.close();
  }
}

/** A customer who can send a transfer: their session, cash position and account number. */
export interface TransferParty {
  token: string;
  cashId: string;
  accountNumber: string;
}

/**
 * Customers for the transfer round, on an already migrated database: as seedCustomers, with
 * approved KYC (a transfer needs it) and what a transfer names, the cash position's id and the
 * account number it is sent to.
 */
export async function seedTransferParties(
  url: string,
  count: number,
  cash: string,
): Promise<TransferParty[]> {
  const database = await openDatabase({ url });
  try {
    const run = randomBytes(4).toString('hex');
    const parties: TransferParty[] = [];
    for (let i = 0; i < count; i++) {
      const now = new Date();
      const { userId, accountNumber } = await createAccount(database.db, {
        email: `bench-transfer-${run}-${i}@example.com`,
        passwordHash: 'not-a-real-hash',
        roles: ['user'],
        now,
      });
      await creditCash(database, knownCaller(userId), { kind: 'deposit', amount: cash, at: now });
      await database.db
        .insert(kycVerifications)
        .values({ userId, status: 'approved', decidedAt: now });
      const [position] = await database.db
        .select({ id: valuables.id })
        .from(valuables)
        .where(and(eq(valuables.userId, userId), eq(valuables.assetSymbol, 'USD')));
      if (!position) throw new Error('a seeded customer has no cash position');
      const session = await createSession(database.db, { userId, now, userAgent: 'bench' });
      parties.push({ token: session.token, cashId: position.id, accountNumber });
    }
    return parties;
  } finally {
    await database.close();
  }
}

/**
 * The growth run's database (PostgreSQL only): `count` customers, each with a live session,
 * $1,000,000 deposited and then bought 100 mg of silver over and over, so the journal holds
 * about `journalRows` postings (a deposit and its other side on the world account, then six per
 * buy: cash and position, the trading book's side of each, and the sub-cents from the trading
 * book to rounding; decision 021). Written with generate_series straight into the tables, not through the
 * ledger, or seeding alone would take many minutes; the holdings are what the journal adds up
 * to, which is checked before returning, so the ledger functions see what they would have built.
 */
export async function seedManyCustomers(
  url: string,
  count: number,
  journalRows: number,
): Promise<{ tokens: string[]; journalRows: number }> {
  const database = await openDatabase({ url });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  const silver = findAsset('AG');
  if (!silver) throw new Error('no silver in the catalogue');
  const priced = quote(silver, { quantity: '100' }, 'buy');
  if (!priced.ok) throw new Error(`cannot price the seed's buy: ${priced.error}`);
  const buysEach = Math.max(0, Math.floor((journalRows / count - 2) / 6));
  const deposit = '1000000';
  const run = randomBytes(4).toString('hex');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `create temp table bench_customers on commit drop as
        select i, gen_random_uuid() as user_id, gen_random_uuid() as cash_id,
          gen_random_uuid() as silver_id, now() - interval '1 year' as since
        from generate_series(1, $1::int) i`,
      [count],
    );
    await client.query(
      `insert into users (id, email, password_hash, created_at, updated_at)
        select user_id, 'bench-' || $1 || '-' || i || '@example.com', 'not-a-real-hash', since, since
        from bench_customers`,
      [run],
    );
    await client.query(
      `insert into user_roles (user_id, role, created_at) select user_id, 'user', since from bench_customers`,
    );
    await client.query(
      `insert into profiles (user_id, email, account_number, created_at, updated_at)
        select user_id, 'bench-' || $1 || '-' || i || '@example.com', (1000000000 + i)::text, since, since
        from bench_customers`,
      [run],
    );
    // The cookie's token is `<run>-<i>`; the table keeps its SHA-256, as sessions.ts does.
    await client.query(
      `insert into sessions (user_id, token_hash, created_at, last_seen_at, expires_at, user_agent)
        select user_id, encode(sha256(convert_to($1 || '-' || i, 'UTF8')), 'hex'), now(), now(),
          now() + interval '30 days', 'bench'
        from bench_customers`,
      [run],
    );
    const position = newPosition(silver);
    await client.query(
      `insert into valuables (id, user_id, item_name, item_type, estimated_value, storage_location,
          asset_symbol, quantity, unit, status, date_stored, created_at, updated_at)
        select cash_id, user_id, 'Cash', 'cash', $1::numeric - $2::int * $3::numeric, 'Account',
          'USD', null, null, 'active', since, since, since
        from bench_customers
        union all
        select silver_id, user_id, $4, $5, $2::int * $6::numeric, $7, $8, $2::int * $9::numeric,
          $10, 'active', since, since, since
        from bench_customers where $2::int > 0`,
      [
        deposit,
        buysEach,
        priced.quote.total,
        position.itemName,
        position.itemType,
        priced.quote.value,
        position.storageLocation,
        silver.symbol,
        priced.quote.quantity,
        position.unit,
      ],
    );
    // Balanced postings (decision 021): each deposit came from the world, each buy's other side
    // is the trading book, its sub-cents the rounding account's. The seed is one transaction, so
    // one movement, balanced as a whole at commit.
    await client.query(
      `insert into ledger_entries (account, user_id, valuable_id, asset_symbol, item_name, kind,
          quantity_delta, value_delta, reference, created_at)
        select entry.*
        from bench_customers c
        cross join lateral (values
          ('customer', c.user_id, c.cash_id, 'USD', 'Cash', 'deposit', $1::numeric, c.since),
          ('world', null, null, 'USD', null, 'deposit', -$1::numeric, c.since)
        ) as e(account, user_id, valuable_id, asset_symbol, item_name, kind, value_delta, at)
        cross join lateral (select e.account, e.user_id, e.valuable_id, e.asset_symbol, e.item_name,
          e.kind, null::numeric, e.value_delta, null::text, e.at) entry`,
      [deposit],
    );
    await client.query(
      `insert into ledger_entries (account, user_id, valuable_id, asset_symbol, item_name, kind,
          quantity_delta, value_delta, reference, created_at)
        select entry.*
        from bench_customers c
        cross join generate_series(1, $1::int) k
        cross join lateral (select gen_random_uuid()::text as reference,
          c.since + k * interval '1 day' as at) buy
        cross join lateral (values
          ('customer', c.user_id, c.cash_id, 'USD', 'Cash', 'buy', null::numeric, -$2::numeric, buy.reference, buy.at),
          ('customer', c.user_id, c.silver_id, $3, $4, 'buy', $5::numeric, $6::numeric, buy.reference, buy.at),
          ('trading_book', null, null, 'USD', null, 'buy', null::numeric, $2::numeric, buy.reference, buy.at),
          ('trading_book', null, null, $3, null, 'buy', -$5::numeric, -$6::numeric, buy.reference, buy.at),
          ('rounding', null, null, 'USD', null, 'rounding', null, $2::numeric - $6::numeric, buy.reference, buy.at),
          ('trading_book', null, null, 'USD', null, 'rounding', null, $6::numeric - $2::numeric, buy.reference, buy.at)
        ) entry`,
      [
        buysEach,
        priced.quote.total,
        silver.symbol,
        position.itemName,
        priced.quote.quantity,
        priced.quote.value,
      ],
    );
    const mismatched = await client.query(
      `select v.id from valuables v
        left join (select valuable_id, sum(value_delta) as value, sum(quantity_delta) as quantity
          from ledger_entries where account = 'customer' group by valuable_id) j on j.valuable_id = v.id
        where v.estimated_value is distinct from j.value or v.quantity is distinct from j.quantity
        limit 1`,
    );
    if (mismatched.rowCount) throw new Error('seeded holdings differ from their journal');
    await client.query('commit');
    const rows = await client.query<{ count: string }>('select count(*) from ledger_entries');
    return {
      tokens: Array.from({ length: count }, (_, i) => `${run}-${i + 1}`),
      journalRows: Number(rows.rows[0]?.count ?? 0),
    };
  } finally {
    await client.end();
  }
}
