// The SQL functions' typed descriptors (db/sql-function.ts, ledger/functions.ts): each names the
// live function's arguments in their order with their types, so a call in named notation cannot
// pass a value to the wrong argument; and a call says every argument.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerFunctions, ledgerMatureTerm, ledgerSettle } from '../ledger/functions.ts';
import { rowsOf } from '../test/stored-text.ts';
import { openTestDatabase } from '../test/test-app.ts';
import type { Database } from './client.ts';
import { callerUser, sqlCall, sqlCallText } from './sql-function.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.migrate();
});
afterAll(async () => {
  await database.close();
  await drop();
});

describe('the SQL function descriptors', () => {
  it('name each live function’s arguments, in order, with their types', async () => {
    const live = await rowsOf<{ name: string; args: string[] | string; types: string[] | string }>(
      database.db,
      sql`SELECT p.proname AS name, p.proargnames AS args,
            ARRAY(SELECT format_type(t, NULL) FROM unnest(p.proargtypes) AS t) AS types
          FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
          WHERE n.nspname = 'public'`,
    );
    // PGlite answers arrays as arrays; node-postgres may answer text arrays as '{a,b}'.
    const list = (value: string[] | string) =>
      Array.isArray(value) ? value : value.replace(/^\{|\}$/g, '').split(',');
    const short: Record<string, string> = {
      'timestamp with time zone': 'timestamptz',
      integer: 'integer',
    };
    for (const fn of ledgerFunctions) {
      const row = live.find((candidate) => candidate.name === fn.name);
      expect(row, fn.name).toBeDefined();
      if (!row) continue;
      const types = list(row.types).map((type) => short[type] ?? type);
      // Only the input arguments: RETURNS TABLE adds output names after them.
      const names = list(row.args).slice(0, types.length);
      expect(Object.entries(fn.args), fn.name).toEqual(names.map((name, i) => [name, types[i]]));
    }
  });

  it('write a call in named notation, the caller’s columns in place of parameters', () => {
    const call = sqlCall(ledgerSettle, {
      p_id: 'id',
      p_type: 'withdrawal',
      p_status: 'cancelled',
      p_reason: null,
      p_actor: callerUser,
      p_customer: callerUser,
      p_at: '2026-01-01T00:00:00.000Z',
      p_key_owner: callerUser,
      p_key: null,
      p_hash: null,
      p_assets: '{}',
      p_ip: null,
      p_request: null,
    });
    expect(call.params).toEqual([
      'id',
      'withdrawal',
      'cancelled',
      null,
      '2026-01-01T00:00:00.000Z',
      null,
      null,
      '{}',
      null,
      null,
    ]);
    expect(call.text((index) => `$${index + 2}`)).toBe(
      'ledger_settle(p_id => $3::uuid, p_type => $4::text, p_status => $5::text, ' +
        'p_reason => $6::text, p_actor => c.user_id, p_customer => c.user_id, ' +
        'p_at => $7::timestamptz, p_key_owner => c.user_id, p_key => $8::text, ' +
        'p_hash => $9::text, p_assets => $10::jsonb, p_ip => $11::text, p_request => $12::text)',
    );
    // A staff decision passes no customer: another prepared text.
    const staff = sqlCall(ledgerSettle, {
      ...{ p_id: 'id', p_type: 'withdrawal', p_status: 'failed', p_reason: 'No funds' },
      ...{ p_actor: callerUser, p_customer: null, p_at: 'now', p_key_owner: callerUser },
      ...{ p_key: null, p_hash: null, p_assets: '{}', p_ip: null, p_request: null },
    });
    expect(staff.key).not.toBe(call.key);
    expect(sqlCallText(staff)).toContain('p_customer => $5::uuid');
  });

  it('refuses a call that leaves an argument undefined or names one the function lacks', () => {
    expect(() =>
      sqlCall(ledgerSettle, {
        p_id: 'id',
        p_type: 'withdrawal',
        p_status: 'cancelled',
        p_reason: undefined,
        p_actor: callerUser,
        p_customer: callerUser,
        p_at: 'now',
        p_key_owner: callerUser,
        p_key: null,
        p_hash: null,
        p_assets: '{}',
        p_ip: null,
        p_request: null,
      }),
    ).toThrow('ledger_settle: no value for p_reason');
    expect(() =>
      sqlCall(ledgerMatureTerm, {
        // Through a spread, as a shared set of arguments would bring it (a literal does not compile).
        ...{ p_user: 'someone' },
        ...{ p_id: 'id', p_at: 'now', p_assets: '{}', p_request: null },
      }),
    ).toThrow('ledger_mature_term takes no p_user');
  });
});
