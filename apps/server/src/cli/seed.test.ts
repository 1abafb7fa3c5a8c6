// `npm run seed`: on an empty embedded database it creates the demo (two staff members, customers,
// KYC in each state, a pending deposit, a delivery in processing, fixed terms, staff changes
// proposed by one and approved by the other, a book balance still waiting for approval…) with
// the ledger whole; a
// second run adds nothing; in production it refuses and creates nothing at all. Run on the
// embedded database, and on PostgreSQL in the PostgreSQL suite.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { reconcileLedger } from '../ledger/reconcile.ts';
import { createPostgresDatabase, dbKind } from '../test/test-app.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const script = path.join(root, 'apps/server/src/cli/seed.ts');
const pinned = path.join(root, 'node_modules/node/bin/node');
const node = existsSync(pinned) ? pinned : process.execPath;

function runSeed(env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(node, [script], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

interface Counts {
  customers: number;
  staff: number;
  journal: number;
  transfers: number;
  valuables: number;
  mails: number;
}

// The embedded database in a fresh DATA_DIR, or (in the PostgreSQL suite) a fresh database.
let dataDir: string;
let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
const target = () => ({ DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres.url } : {}) });
const open = () => openDatabase(postgres ? { url: postgres.url, poolSize: 2 } : { dataDir });
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sv-seed-'));
  if (dbKind === 'postgres') postgres = await createPostgresDatabase();
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await postgres?.drop();
});

async function inDatabase<T>(
  read: (query: <Row>(statement: ReturnType<typeof sql>) => Promise<Row[]>) => Promise<T>,
) {
  const database = await open();
  try {
    return await read(async <Row>(statement: ReturnType<typeof sql>) => {
      const result: unknown = await database.db.execute(statement);
      return (result as { rows: Row[] }).rows;
    });
  } finally {
    await database.close();
  }
}

const countsOf = () =>
  inDatabase(async (query) => {
    const [counts] = await query<Counts>(sql`select
      (select count(*)::int from users u where not exists (
        select 1 from user_roles r where r.user_id = u.id and r.role = 'admin')) as customers,
      (select count(*)::int from user_roles where role = 'admin') as staff,
      (select count(*)::int from ledger_entries) as journal,
      (select count(*)::int from transfers) as transfers,
      (select count(*)::int from valuables) as valuables,
      (select count(*)::int from mail_outbox) as mails`);
    return counts;
  });

describe('npm run seed', () => {
  it('fills an empty database with a living demo whose ledger is whole', async () => {
    const run = await runSeed(target());
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/Every demo account's password: Demo-\S{12}/);
    expect(run.stdout).toContain('staff@demo.secure-vault.test');
    expect(run.stdout).toContain('approver@demo.secure-vault.test');
    expect(run.stdout).toContain('layla@demo.secure-vault.test');
    expect(run.stdout).toMatch(/Set Up Two-Factor Authentication/);
    // How to see the prices move.
    expect(run.stdout).toContain('PRICE_FEED_URL=simulate npm run dev');
    expect(run.stdout).toMatch(/Ledger OK: 3 customers, \d+ holdings, journal position/);

    const found = await inDatabase(async (query) => {
      const kyc = await query<{ email: string; status: string }>(
        sql`select u.email, k.status from kyc_verifications k join users u on u.id = k.user_id
          order by u.email`,
      );
      const pending = await query<{ type: string; amount: string; email: string }>(
        sql`select t.type, t.amount::text as amount, u.email from transfers t
          join users u on u.id = t.user_id where t.status = 'pending'`,
      );
      const delivery = await query<{ status: string; tracking: number }>(
        sql`select d.status, (select count(*)::int from delivery_tracking r
          where r.delivery_id = d.id) as tracking from deliveries d`,
      );
      const terms = await query<{ status: string }>(
        sql`select status from fixed_terms order by started_at`,
      );
      const kinds = await query<{ kind: string }>(
        sql`select distinct kind from ledger_entries order by kind`,
      );
      const documents = await query<{ count: number }>(
        sql`select count(*)::int as count from kyc_documents`,
      );
      const sessions = await query<{ live: number }>(
        sql`select count(*)::int as live from sessions where revoked_at is null`,
      );
      const spread = await query<{ days: number }>(
        sql`select extract(day from max(created_at) - min(created_at))::int as days
          from ledger_entries`,
      );
      const bookBalances = await query<{ email: string; amount: string }>(
        sql`select u.email, p.book_balance::text as amount from profiles p
          join users u on u.id = p.user_id where p.book_balance <> 0`,
      );
      const proposals = await query<{
        kind: string;
        status: string;
        customer: string;
        maker: string;
        checker: string | null;
      }>(
        sql`select p.kind, p.status, c.email as customer, m.email as maker, k.email as checker
          from staff_proposals p join users c on c.id = p.subject_user_id
          join users m on m.id = p.maker_id left join users k on k.id = p.checker_id
          order by p.created_at, p.kind`,
      );
      return {
        kyc,
        pending,
        bookBalances,
        proposals,
        delivery,
        terms,
        kinds,
        documents,
        sessions,
        spread,
      };
    });
    expect(found.kyc).toEqual([
      { email: 'layla@demo.secure-vault.test', status: 'approved' },
      { email: 'omar@demo.secure-vault.test', status: 'approved' },
      { email: 'sara@demo.secure-vault.test', status: 'submitted' },
    ]);
    expect(found.pending).toEqual([
      { type: 'card_deposit', amount: '1500.00000000', email: 'james@demo.secure-vault.test' },
    ]);
    // Recorded by one staff member and not yet approved by the other: its proposal waits.
    expect(found.bookBalances).toEqual([
      { email: 'sara@demo.secure-vault.test', amount: '250.00' },
    ]);
    const staffEmail = 'staff@demo.secure-vault.test';
    const approverEmail = 'approver@demo.secure-vault.test';
    const approved = (kind: string, customer: string) => ({
      kind,
      status: 'approved',
      customer: `${customer}@demo.secure-vault.test`,
      maker: staffEmail,
      checker: approverEmail,
    });
    // Every other staff change was proposed by one staff member and approved by the other.
    expect(found.proposals).toEqual([
      approved('request_decision', 'layla'),
      approved('request_decision', 'omar'),
      approved('valuable_add', 'layla'),
      approved('request_decision', 'sara'),
      {
        kind: 'book_balance',
        status: 'pending',
        customer: 'sara@demo.secure-vault.test',
        maker: staffEmail,
        checker: null,
      },
    ]);
    expect(found.delivery).toEqual([{ status: 'processing', tracking: 1 }]);
    expect(found.terms.map((term) => term.status)).toEqual(['matured', 'active']);
    expect(found.kinds.map((row) => row.kind)).toEqual(
      expect.arrayContaining([
        'admin_add',
        'buy',
        'delivery',
        'deposit',
        'fixed_term_profit',
        'sell',
        'swap_in',
        'transfer_in',
        'transfer_out',
      ]),
    );
    // Two customers' documents, front and back, stored through the upload path.
    expect(found.documents[0]?.count).toBe(6);
    // The seed's own sessions are ended; history spreads over weeks.
    expect(found.sessions[0]?.live).toBe(0);
    expect(found.spread[0]?.days).toBeGreaterThanOrEqual(30);

    const report = await (async () => {
      const database = await open();
      try {
        return await reconcileLedger(database.db);
      } finally {
        await database.close();
      }
    })();
    expect(report.differences).toEqual([]);
    expect(report.ok).toBe(true);
  }, 180_000);

  it('adds nothing when run again', async () => {
    const before = await countsOf();
    expect(before?.customers).toBe(4);
    expect(before?.staff).toBe(2);
    const run = await runSeed(target());
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      'The database already has customers; seed fills an empty one. Nothing was added.',
    );
    expect(await countsOf()).toEqual(before);
  }, 120_000);

  it('refuses in production and creates nothing', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'sv-seed-production-'));
    try {
      const run = await runSeed({ DATA_DIR: empty, NODE_ENV: 'production' });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('never seeded in production');
      expect(run.stdout).toBe('');
      // Not even the database was opened: the folder is as it was.
      expect(readdirSync(empty)).toEqual([]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
