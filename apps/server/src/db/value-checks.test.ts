// The CHECKs on status, kind, type, purpose, role, unit and language columns (db/one-of.ts,
// migration 0008), and on a fixed term's months: each accepts every value of the union the code
// writes from and refuses any other, and the lists the database holds are the unions themselves,
// so they cannot drift.
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { alertDirections } from '@secure-vault/shared/alerts';
import { orderSides, orderStatuses } from '@secure-vault/shared/orders';
import { proposalKinds, proposalStatuses } from '@secure-vault/shared/approvals';
import { ledgerAccounts, ledgerKinds } from '@secure-vault/shared/history';
import { languages } from '@secure-vault/shared/i18n';
import { passkeyChallengePurposes } from '@secure-vault/shared/passkeys';
import { priceSources } from '@secure-vault/shared/prices';
import {
  recurringFrequencies,
  recurringOutcomes,
  recurringStatuses,
} from '@secure-vault/shared/recurring';
import {
  notificationCategories,
  optionalNotificationCategories,
} from '@secure-vault/shared/notifications';
import { documentMediaTypes, documentSides } from '@secure-vault/shared/kyc';
import { itemTypes, valuableStatuses, valuableUnits } from '@secure-vault/shared/vault';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateBefore } from '../test/migrations.ts';
import { openTestDatabase } from '../test/test-app.ts';
import type { Database, Db } from './client.ts';
import { oneOf, sqlLiteral } from './one-of.ts';
import { storedKycStatuses } from './kyc-schema.ts';
import { authTokenPurposes, codePurposes, roles } from './schema.ts';
import { valuables } from './vault-schema.ts';
import { cardTypes, transferStatuses, transferTypes } from '@secure-vault/shared/transfers';
import {
  deliveryStatuses,
  fixedTermMonths,
  fixedTermStatuses,
  trackingStatuses,
} from '@secure-vault/shared/custody';

/** Drizzle wraps the database's error; the SQLSTATE and constraint are on its cause. */
async function refusal(
  promise: Promise<unknown>,
): Promise<{ code?: string | undefined; constraint?: string | undefined }> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof Error)) return {};
  const cause = (error.cause ?? error) as {
    code?: string | undefined;
    constraint?: string | undefined;
  };
  return { code: cause.code, constraint: cause.constraint };
}

const testUserId = '00000000-0000-4000-8000-000000000001';
const at = sql`'2026-11-21T10:00:00Z'::timestamptz`;

interface Checked {
  table: string;
  column: string;
  values: readonly string[];
  /** One row with `value` in the column; `n` keeps unique columns apart. */
  row(value: string, n: number): SQL;
  /** The migration that made the table, when after 0008. */
  since?: string;
  /** Values a later migration added to the union, by that migration: no row before it holds one. */
  addedLater?: Readonly<Record<string, string>>;
  /** Values the column must refuse, when the text near misses do not apply (a number column). */
  outside?: readonly string[];
}

/** A user of its own for each row of a table with one row per user (or per user and side). */
const withUser = (n: number, insert: SQL) =>
  sql`with u as (insert into users (email, password_hash)
        values (${`checked-${n}@example.com`}, 'x') returning id) ${insert}`;

/**
 * A limit order with one column set: an open order names its reservation, a closed one its close,
 * a filled one its fill (limit_orders_open_check, limit_orders_filled_check).
 */
const limitOrder = (set: { side?: string; status?: string; language?: string }, n: number) => {
  const status = set.status ?? 'open';
  return sql`insert into limit_orders (user_id, symbol, side, quantity, limit_price, reserved,
      reservation_id, status, created_at, closed_at, fill_price, fill_total, reference, language)
    values (${testUserId}, 'BTC', ${set.side ?? 'buy'}, 1, 1, 1,
      case when ${status}::text = 'open' then gen_random_uuid() end, ${status}, ${at},
      case when ${status}::text <> 'open' then ${at}::timestamptz end,
      case when ${status}::text = 'filled' then 1 end, case when ${status}::text = 'filled' then 1 end,
      ${`order-${n}`}, ${set.language ?? 'en'})`;
};

// Constraint name → the union its column takes. Every one-of CHECK in the database is listed here.
const checked: Record<string, Checked> = {
  contact_messages_language_check: {
    table: 'contact_messages',
    column: 'language',
    values: languages,
    row: (value) =>
      sql`insert into contact_messages (full_name, email, phone, enquiry, language, ip_hash)
          values ('A', 'a@example.com', '0501234567', 'Hello', ${value}, 'x')`,
  },
  user_roles_role_check: {
    table: 'user_roles',
    column: 'role',
    values: roles,
    row: (value) => sql`insert into user_roles (user_id, role) values (${testUserId}, ${value})`,
  },
  one_time_codes_purpose_check: {
    table: 'one_time_codes',
    column: 'purpose',
    values: codePurposes,
    row: (value) =>
      sql`insert into one_time_codes (purpose, email, code_hash, expires_at)
          values (${value}, 'a@example.com', 'h', ${at})`,
  },
  code_sends_purpose_check: {
    table: 'code_sends',
    column: 'purpose',
    values: codePurposes,
    row: (value) =>
      sql`insert into code_sends (purpose, email, last_sent_at) values (${value}, 'a@example.com', ${at})`,
  },
  auth_tokens_purpose_check: {
    table: 'auth_tokens',
    column: 'purpose',
    values: authTokenPurposes,
    row: (value, n) =>
      sql`insert into auth_tokens (purpose, token_hash, user_id, expires_at)
          values (${value}, ${`token-${value}-${n}`}, ${testUserId}, ${at})`,
  },
  valuables_item_type_check: {
    table: 'valuables',
    column: 'item_type',
    values: itemTypes,
    row: (value) =>
      sql`insert into valuables (user_id, item_name, item_type) values (${testUserId}, 'Item', ${value})`,
  },
  valuables_status_check: {
    table: 'valuables',
    column: 'status',
    values: valuableStatuses,
    addedLater: { reserved: '0038' },
    row: (value) =>
      sql`insert into valuables (user_id, item_name, item_type, status)
          values (${testUserId}, 'Item', 'other', ${value})`,
  },
  valuables_unit_check: {
    table: 'valuables',
    column: 'unit',
    values: valuableUnits,
    row: (value, n) =>
      sql`insert into valuables (user_id, item_name, item_type, asset_symbol, quantity, unit)
          values (${testUserId}, 'Item', 'crypto', ${`SYM${n}`}, 1, ${value})`,
  },
  ledger_entries_kind_check: {
    table: 'ledger_entries',
    column: 'kind',
    values: ledgerKinds,
    addedLater: { book_balance: '0013', order_reserve: '0038', order_release: '0038' },
    row: (value) =>
      sql`insert into ledger_entries (user_id, kind, value_delta) values (${testUserId}, ${value}, 0)`,
  },
  ledger_entries_account_check: {
    table: 'ledger_entries',
    column: 'account',
    values: ledgerAccounts,
    since: '0018',
    // A customer's posting names the customer; a platform account's names none.
    row: (value) =>
      sql`insert into ledger_entries (user_id, account, kind, value_delta)
          values (${value === 'customer' ? testUserId : null}, ${value}, 'deposit', 0)`,
  },
  kyc_verifications_status_check: {
    table: 'kyc_verifications',
    column: 'status',
    values: storedKycStatuses,
    since: '0009',
    row: (value, n) =>
      withUser(n, sql`insert into kyc_verifications (user_id, status) select id, ${value} from u`),
  },
  kyc_documents_side_check: {
    table: 'kyc_documents',
    column: 'side',
    values: documentSides,
    since: '0009',
    row: (value, n) =>
      sql`insert into kyc_documents (user_id, side, name, size, media_type, storage_key)
          values (${testUserId}, ${value}, 'id.png', 1, 'image/png', ${`side-${n}`})`,
  },
  kyc_documents_media_type_check: {
    table: 'kyc_documents',
    column: 'media_type',
    values: documentMediaTypes,
    since: '0009',
    row: (value, n) =>
      withUser(
        n,
        sql`insert into kyc_documents (user_id, side, name, size, media_type, storage_key)
            select id, 'front', 'id', 1, ${value}, ${`type-${n}`} from u`,
      ),
  },
  transfers_type_check: {
    table: 'transfers',
    column: 'type',
    values: transferTypes,
    since: '0011',
    row: (value, n) =>
      withUser(
        n,
        sql`insert into transfers (user_id, type, status, amount) select id, ${value}, 'pending', 1 from u`,
      ),
  },
  transfers_status_check: {
    table: 'transfers',
    column: 'status',
    values: transferStatuses,
    since: '0011',
    row: (value, n) =>
      withUser(
        n,
        sql`insert into transfers (user_id, type, status, amount) select id, 'card_deposit', ${value}, 1 from u`,
      ),
  },
  transfers_card_type_check: {
    table: 'transfers',
    column: 'card_type',
    values: cardTypes,
    since: '0011',
    row: (value, n) =>
      withUser(
        n,
        sql`insert into transfers (user_id, type, status, amount, card_type) select id, 'card_deposit', 'pending', 1, ${value} from u`,
      ),
  },
  transfers_language_check: {
    table: 'transfers',
    column: 'language',
    values: languages,
    since: '0011',
    row: (value, n) =>
      withUser(
        n,
        sql`insert into transfers (user_id, type, status, amount, language) select id, 'card_deposit', 'pending', 1, ${value} from u`,
      ),
  },
  fixed_terms_status_check: {
    table: 'fixed_terms',
    column: 'status',
    values: fixedTermStatuses,
    since: '0012',
    row: (value, n) =>
      withUser(
        n,
        sql`insert into fixed_terms (user_id, valuable_id, item_name, months, interest_rate, principal, profit, status, language, started_at, matures_at) select id, gen_random_uuid(), 'Gold', 1, 0.05, 1, 0.05, ${value}, 'en', now(), now() from u`,
      ),
  },
  fixed_terms_language_check: {
    table: 'fixed_terms',
    column: 'language',
    values: languages,
    since: '0012',
    row: (value, n) =>
      withUser(
        n,
        sql`insert into fixed_terms (user_id, valuable_id, item_name, months, interest_rate, principal, profit, status, language, started_at, matures_at) select id, gen_random_uuid(), 'Gold', 1, 0.05, 1, 0.05, 'active', ${value}, now(), now() from u`,
      ),
  },
  fixed_terms_months_check: {
    table: 'fixed_terms',
    column: 'months',
    values: fixedTermMonths.map((months) => String(months)),
    since: '0012',
    outside: ['0', '2', '24', '-1'],
    row: (value, n) =>
      withUser(
        n,
        sql`insert into fixed_terms (user_id, valuable_id, item_name, months, interest_rate, principal, profit, status, language, started_at, matures_at) select id, gen_random_uuid(), 'Gold', ${value}::integer, 0.05, 1, 0.05, 'active', 'en', now(), now() from u`,
      ),
  },
  deliveries_status_check: {
    table: 'deliveries',
    column: 'status',
    values: deliveryStatuses,
    since: '0012',
    row: (value, n) =>
      withUser(
        n,
        sql`insert into deliveries (user_id, item_name, item_type, recipient_name, recipient_email, recipient_phone, recipient_address, status, language) select id, 'Ring', 'jewelry', 'A', 'a@example.com', '+441', 'Here', ${value}, 'en' from u`,
      ),
  },
  deliveries_language_check: {
    table: 'deliveries',
    column: 'language',
    values: languages,
    since: '0012',
    row: (value, n) =>
      withUser(
        n,
        sql`insert into deliveries (user_id, item_name, item_type, recipient_name, recipient_email, recipient_phone, recipient_address, status, language) select id, 'Ring', 'jewelry', 'A', 'a@example.com', '+441', 'Here', 'pending', ${value} from u`,
      ),
  },
  delivery_tracking_status_check: {
    table: 'delivery_tracking',
    column: 'status',
    values: trackingStatuses,
    since: '0012',
    row: (value, n) =>
      withUser(
        n,
        sql`, d as (insert into deliveries (user_id, item_name, item_type, recipient_name, recipient_email, recipient_phone, recipient_address) select id, 'Ring', 'jewelry', 'A', 'a@example.com', '+441', 'Here' from u returning id)
            insert into delivery_tracking (delivery_id, status) select id, ${value} from d`,
      ),
  },
  staff_proposals_kind_check: {
    table: 'staff_proposals',
    column: 'kind',
    values: proposalKinds,
    since: '0015',
    row: (value, n) =>
      withUser(
        n,
        // A price change names no customer, and only it (staff_proposals_subject_check).
        sql`insert into staff_proposals (kind, subject_user_id, payload, amount, maker_id, created_at)
            select ${value}, case when ${value}::text = 'price_change' then null else id end,
              '{}'::jsonb, 0, ${testUserId}, now() from u`,
      ),
  },
  staff_proposals_status_check: {
    table: 'staff_proposals',
    column: 'status',
    values: proposalStatuses,
    since: '0015',
    // Decided with its time, and approved or rejected by a checker (staff_proposals_decided):
    // only the status itself can be out of the union.
    row: (value, n) =>
      withUser(
        n,
        sql`, c as (insert into users (email, password_hash)
              values (${`checker-${n}@example.com`}, 'x') returning id)
            insert into staff_proposals (kind, status, subject_user_id, payload, amount, maker_id,
              checker_id, created_at, decided_at)
            select 'book_balance', ${value}, u.id, '{}'::jsonb, 0, ${testUserId},
              case when ${value}::text in ('approved', 'rejected') then c.id end, now(),
              case when ${value}::text = 'pending' then null else now() end
            from u, c`,
      ),
  },
  notifications_category_check: {
    table: 'notifications',
    column: 'category',
    values: notificationCategories,
    since: '0028',
    row: (value, n) =>
      withUser(
        n,
        sql`insert into notifications (user_id, kind, category, data, created_at)
            select id, 'password_changed', ${value}, '{}', ${at} from u`,
      ),
  },
  asset_prices_source_check: {
    table: 'asset_prices',
    column: 'source',
    values: priceSources,
    since: '0032',
    // A symbol of its own per row: the opening book holds one row per symbol.
    row: (value, n) =>
      sql`insert into asset_prices (symbol, buy, sell, effective_at, source)
          values (${`T${n}`}, 1, 1, ${at}, ${value})`,
  },
  price_alerts_direction_check: {
    table: 'price_alerts',
    column: 'direction',
    values: alertDirections,
    since: '0035',
    row: (value) =>
      sql`insert into price_alerts (user_id, symbol, direction, price, created_at)
          values (${testUserId}, 'BTC', ${value}, 1, ${at})`,
  },
  price_alerts_language_check: {
    table: 'price_alerts',
    column: 'language',
    values: languages,
    since: '0037',
    row: (value) =>
      sql`insert into price_alerts (user_id, symbol, direction, price, created_at, language)
          values (${testUserId}, 'BTC', 'above', 1, ${at}, ${value})`,
  },
  recurring_buys_language_check: {
    table: 'recurring_buys',
    column: 'language',
    values: languages,
    since: '0037',
    row: (value) =>
      sql`insert into recurring_buys (user_id, symbol, amount, frequency, day, next_run_at,
            created_at, updated_at, language)
          values (${testUserId}, 'BTC', 10, 'weekly', 1, ${at}, ${at}, ${at}, ${value})`,
  },
  recurring_buys_frequency_check: {
    table: 'recurring_buys',
    column: 'frequency',
    values: recurringFrequencies,
    since: '0036',
    row: (value) =>
      sql`insert into recurring_buys (user_id, symbol, amount, frequency, day, next_run_at,
            created_at, updated_at)
          values (${testUserId}, 'BTC', 10, ${value}, 1, ${at}, ${at}, ${at})`,
  },
  recurring_buys_status_check: {
    table: 'recurring_buys',
    column: 'status',
    values: recurringStatuses,
    since: '0036',
    // Only an active plan has a next run (recurring_buys_next_check).
    row: (value) =>
      sql`insert into recurring_buys (user_id, symbol, amount, frequency, day, status,
            next_run_at, created_at, updated_at)
          values (${testUserId}, 'BTC', 10, 'weekly', 1, ${value},
            case when ${value}::text = 'active' then ${at}::timestamptz end, ${at}, ${at})`,
  },
  recurring_buy_runs_outcome_check: {
    table: 'recurring_buy_runs',
    column: 'outcome',
    values: recurringOutcomes,
    since: '0036',
    row: (value, n) =>
      sql`with p as (insert into recurring_buys (user_id, symbol, amount, frequency, day,
              next_run_at, created_at, updated_at)
            values (${testUserId}, 'BTC', 10, 'weekly', 1, ${at}, ${at}, ${at}) returning id)
          insert into recurring_buy_runs (plan_id, run_at, outcome, ran_at)
          select id, ${at}::timestamptz + ${n} * interval '1 day', ${value}, ${at} from p`,
  },
  limit_orders_side_check: {
    table: 'limit_orders',
    column: 'side',
    values: orderSides,
    since: '0038',
    row: (value, n) => limitOrder({ side: value }, n),
  },
  limit_orders_status_check: {
    table: 'limit_orders',
    column: 'status',
    values: orderStatuses,
    since: '0038',
    row: (value, n) => limitOrder({ status: value }, n),
  },
  limit_orders_language_check: {
    table: 'limit_orders',
    column: 'language',
    values: languages,
    since: '0038',
    row: (value, n) => limitOrder({ language: value }, n),
  },
  passkey_challenges_purpose_check: {
    table: 'passkey_challenges',
    column: 'purpose',
    values: passkeyChallengePurposes,
    since: '0031',
    row: (value, n) =>
      withUser(
        n,
        sql`insert into passkey_challenges (challenge, user_id, purpose, expires_at)
            select ${`challenge-${n}`}, case when ${value}::text = 'register' then id end,
              ${value}, ${at} from u`,
      ),
  },
  notification_mail_opt_outs_category_check: {
    table: 'notification_mail_opt_outs',
    column: 'category',
    values: optionalNotificationCategories,
    since: '0028',
    row: (value, n) =>
      withUser(
        n,
        sql`insert into notification_mail_opt_outs (user_id, category, created_at)
            select id, ${value}, ${at} from u`,
      ),
  },
};

class RolledBack extends Error {}

/** Runs `work` in a transaction that is always rolled back (the journal keeps what commits). */
async function rolledBack(db: Db, work: (tx: Db) => Promise<void>): Promise<void> {
  await db
    .transaction(async (tx) => {
      await work(tx);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
}

async function createTestUser(db: Db) {
  await db.execute(
    sql`insert into users (id, email, password_hash) values (${testUserId}, 'a@example.com', 'x')`,
  );
}

describe('one-of checks', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await database.migrate();
    await createTestUser(database.db);
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  describe.each(Object.entries(checked))('%s', (constraint, { values, row, outside }) => {
    it('accepts every value of the union', async () => {
      await rolledBack(database.db, async (tx) => {
        for (const [n, value] of values.entries()) await tx.execute(row(value, n));
        // A null is no value: only a column that may be null holds one.
        if (constraint === 'valuables_unit_check') {
          await tx.execute(
            sql`insert into valuables (user_id, item_name, item_type, unit)
                values (${testUserId}, 'Item', 'jewelry', null)`,
          );
        }
      });
    });

    it('refuses a value outside it', async () => {
      const known = values[0] ?? '';
      // Near misses too: case and spaces matter, and an empty string is not a value.
      for (const value of outside ?? ['unknown', known.toUpperCase(), `${known} `, '']) {
        expect(
          await refusal(rolledBack(database.db, (tx) => tx.execute(row(value, 0)).then(() => {}))),
        ).toEqual({ code: '23514', constraint });
      }
    });
  });

  it('hold exactly the shared unions, and no other one-of check exists', async () => {
    const rows = await database.query<{ table: string; name: string; definition: string }>(
      {
        name: 'test_check_constraints',
        text: `select conrelid::regclass::text as "table", conname as name,
                 pg_get_constraintdef(oid) as definition
               from pg_constraint
               where contype = 'c' and connamespace = 'public'::regnamespace`,
      },
      [],
    );
    const found: Record<string, { table: string; column: string; values: string[] }> = {};
    for (const { table, name, definition } of rows) {
      // PostgreSQL keeps `x in ('a', 'b')` as `x = ANY (ARRAY['a'::text, 'b'::text])`, and a
      // column that may be null as `(x IS NULL) OR (x = ANY (…))`. A one-of check is that alone:
      // a check that uses a list among other terms (staff_proposals_decided) is not one.
      const list =
        /^CHECK \(\(?(?:\((\w+) IS NULL\) OR )?\(?(\w+) = ANY \(ARRAY\[(.*)\]\)\)+$/.exec(
          definition,
        );
      if (!list || (list[1] !== undefined && list[1] !== list[2])) continue;
      const quoted = [...(list[3] ?? '').matchAll(/'((?:[^']|'')*)'::text/g)].map((m) =>
        (m[1] ?? '').replaceAll("''", "'"),
      );
      // A number column's list is bare numbers: `months = ANY (ARRAY[1, 3, 6, 12])`.
      const numbers = /^-?\d+(, -?\d+)*$/.test(list[3] ?? '') ? (list[3] ?? '').split(', ') : [];
      const values = quoted.length > 0 ? quoted : numbers;
      found[name] = { table, column: list[2] ?? '', values };
    }
    const expected = Object.fromEntries(
      Object.entries(checked).map(([name, { table, column, values }]) => [
        name,
        { table, column, values: [...values] },
      ]),
    );
    expect(found).toEqual(expected);
  });
});

describe('migration 0008', () => {
  it('migrates a database already holding every value of every union', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      // The migrations up to 0007, as a database made before 0008 has them.
      await migrateBefore(database, '0008');
      expect(await constraintNames(database)).not.toContain('ledger_entries_kind_check');

      await createTestUser(database.db);
      let rows = 0;
      for (const { values, row, addedLater } of Object.values(checked).filter(
        ({ since }) => !since,
      )) {
        for (const [n, value] of values.entries()) {
          if (addedLater?.[value]) continue;
          await database.db.execute(row(value, n));
          rows++;
        }
      }

      await database.migrate();
      const names = await constraintNames(database);
      for (const name of Object.keys(checked)) expect(names).toContain(name);
      const [count] = await database.query<{ n: number }>(
        {
          name: 'test_count_rows',
          text: `select ((select count(*) from contact_messages) + (select count(*) from user_roles)
            + (select count(*) from one_time_codes) + (select count(*) from code_sends)
            + (select count(*) from auth_tokens)
            + (select count(*) from valuables) + (select count(*) from ledger_entries))::int as n`,
        },
        [],
      );
      expect(count?.n).toBe(rows);
    } finally {
      await database.close();
      await drop();
    }
  });
});

async function constraintNames(database: Database): Promise<string[]> {
  const rows = await database.query<{ name: string }>(
    {
      name: 'test_constraint_names',
      text: `select conname as name from pg_constraint where connamespace = 'public'::regnamespace`,
    },
    [],
  );
  return rows.map((r) => r.name);
}

describe('oneOf', () => {
  const render = (query: SQL) => new PgDialect().sqlToQuery(query);

  it('writes the values into the SQL as quoted literals', () => {
    expect(render(oneOf(valuables.unit, ['mg', "it's"]))).toEqual({
      sql: `"valuables"."unit" in ('mg', 'it''s')`,
      params: [],
    });
    expect(sqlLiteral("'; drop table users; --")).toBe(`'''; drop table users; --'`);
  });

  it('refuses what it would not quote safely, and an empty list', () => {
    expect(() => sqlLiteral('a\\b')).toThrow();
    expect(() => sqlLiteral('a\0b')).toThrow();
    expect(() => oneOf(valuables.unit, [])).toThrow();
  });
});
