// Database errors reach the log without the values in them (query parameters, row details,
// token hashes), and with the SQLSTATE that says what went wrong.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from './auth/secrets.ts';
import { contactMessages, sessions, users } from './db/schema.ts';
import { createLogger } from './logger.ts';
import { jsonHeaders, createTestApp, type TestApp } from './test/test-app.ts';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  t = await createTestApp({ logger });
});
afterAll(() => t.close());

/** Runs a query that must fail, logs its error as the app would, and returns the log line. */
async function logFailure(query: () => Promise<unknown>): Promise<string> {
  let failure: unknown;
  try {
    await query();
  } catch (err) {
    failure = err;
  }
  expect(failure).toBeInstanceOf(Error);
  const before = lines.length;
  t.ctx.logger.error({ err: failure }, 'query failed');
  return lines.slice(before).join('');
}

describe('database errors in the log', () => {
  it('keep the SQLSTATE and the constraint, but not the values of a duplicate row', async () => {
    const email = 'duplicate.person@example.com';
    const row = { email, passwordHash: 'x', accountNumber: null };
    await t.ctx.db.insert(users).values(row);
    const line = await logFailure(() => t.ctx.db.insert(users).values(row));
    expect(line).toContain('"sqlState":"23505"');
    expect(line).toContain('"constraint":"users_email_unique"');
    expect(line).not.toContain(email);
    expect(line).toContain('"stack":"    at ');
  });

  it('carry no session-token hash from a failed session lookup', async () => {
    const tokenHash = hashToken('a-session-token-from-a-cookie');
    const line = await logFailure(() =>
      t.ctx.db
        .select()
        .from(sessions)
        .where(sql`${sessions.tokenHash} = ${tokenHash} and ${sessions.id} = ${'not-a-uuid'}`),
    );
    expect(line).toContain('"sqlState":"22P02"');
    expect(line).not.toContain(tokenHash);
    expect(line).not.toContain('not-a-uuid');
  });

  it('carry no contact details when a request fails on the database', async () => {
    // A rule the schema does not know about makes the insert fail after validation.
    await t.ctx.db.execute(
      sql`alter table ${contactMessages} add constraint test_short_names check (length(full_name) < 5)`,
    );
    try {
      const before = lines.length;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/contact',
        headers: jsonHeaders,
        payload: {
          fullName: 'Layla Haddad',
          email: 'layla.haddad@example.com',
          phone: '+971501234567',
          enquiry: 'Please call me about storing gold.',
        },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().error.code).toBe('INTERNAL');
      const log = lines.slice(before).join('');
      expect(log).toContain('"sqlState":"23514"');
      expect(log).toContain('"constraint":"test_short_names"');
      for (const value of ['Layla', 'layla.haddad@example.com', '501234567', 'storing gold']) {
        expect(log).not.toContain(value);
      }
    } finally {
      await t.ctx.db.execute(
        sql`alter table ${contactMessages} drop constraint if exists test_short_names`,
      );
    }
  });
});
