// Backups (backup/backup.ts through the real commands): a backup of a database with customers,
// trades, a transfer, a stored document and the generated data key, restored into an empty one,
// passes the ledger check and holds the same balances, documents and key. A backup changed since
// it was written, or a target that is not empty, restores nothing. On PGlite and PostgreSQL.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { valuables } from '../db/vault-schema.ts';
import { appOnDatabase, createPostgresDatabase, dbKind } from '../test/test-app.ts';
import { cashIdOf, sendTransfer, verifiedCustomer } from '../test/money-movements.ts';
import { trade } from '../test/trading.ts';

const cli = (name: string) => path.join(import.meta.dirname, '..', 'cli', `${name}.ts`);
const root = mkdtempSync(path.join(os.tmpdir(), 'sv-backup-'));
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
  rmSync(root, { recursive: true, force: true });
});

/** A place to keep data: a DATA_DIR, and on PostgreSQL a fresh database of its own. */
async function place(name: string): Promise<{ dataDir: string; url: string }> {
  const dataDir = path.join(root, name);
  if (dbKind === 'pglite') return { dataDir, url: '' };
  const { url, drop } = await createPostgresDatabase();
  drops.push(drop);
  return { dataDir, url };
}

function command(name: string, args: string[], target: { dataDir: string; url: string }) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [cli(name), ...args], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATA_DIR: target.dataDir,
        DATABASE_URL: target.url,
        DATA_KEY: '',
        SIGNING_KEY: '',
        INIT_CWD: root,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const open = (target: { dataDir: string; url: string }): Promise<Database> =>
  openDatabase(target.url ? { url: target.url, poolSize: 2 } : { dataDir: target.dataDir });

async function holdings(database: Database) {
  return database.db
    .select({
      id: valuables.id,
      userId: valuables.userId,
      symbol: valuables.assetSymbol,
      quantity: valuables.quantity,
      value: valuables.estimatedValue,
      status: valuables.status,
    })
    .from(valuables)
    .orderBy(asc(valuables.id));
}

let source: { dataDir: string; url: string };
let before: Awaited<ReturnType<typeof holdings>>;
const document = randomBytes(4096);
const backupFolder = path.join(root, 'backup');

beforeAll(async () => {
  source = await place('source');
  mkdirSync(source.dataDir, { recursive: true });
  // What a running server leaves in DATA_DIR: its generated data key and encrypted documents.
  writeFileSync(path.join(source.dataDir, 'data.key'), randomBytes(32).toString('hex'));
  mkdirSync(path.join(source.dataDir, 'documents'));
  writeFileSync(path.join(source.dataDir, 'documents', 'kyc-front-1'), document);
  const t = await appOnDatabase(await open(source));
  const sender = await verifiedCustomer(t, { cash: '1000' });
  const receiver = await verifiedCustomer(t);
  expect((await trade(t, sender, { side: 'buy', asset: 'AU', total: '250' })).statusCode).toBe(201);
  const cash = await cashIdOf(t, sender.userId);
  expect((await sendTransfer(t, sender, receiver, cash, '125.50')).statusCode).toBe(201);
  before = await holdings(t.ctx.database);
  await t.close();
}, 60_000);

describe(`a backup (${dbKind})`, () => {
  it('restores into an empty place whole: the ledger checks out, balances, documents and key the same', async () => {
    const made = await command('backup', [backupFolder], source);
    expect(made.code, made.output).toBe(0);
    const manifest = JSON.parse(readFileSync(path.join(backupFolder, 'manifest.json'), 'utf8')) as {
      files: Record<string, string>;
    };
    expect(Object.keys(manifest.files)).toEqual(
      expect.arrayContaining(['data.key', path.join('documents', 'kyc-front-1')]),
    );

    const target = await place('restored');
    const restored = await command('restore', [backupFolder], target);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('Restored');

    const database = await open(target);
    try {
      expect(await holdings(database)).toEqual(before);
    } finally {
      await database.close();
    }
    expect(readFileSync(path.join(target.dataDir, 'documents', 'kyc-front-1'))).toEqual(document);
    expect(readFileSync(path.join(target.dataDir, 'data.key'), 'utf8')).toBe(
      readFileSync(path.join(source.dataDir, 'data.key'), 'utf8'),
    );
  }, 90_000);

  it('restores nothing from a backup changed since it was written', async () => {
    const copy = path.join(root, 'tampered');
    const made = await command('backup', [copy], source);
    expect(made.code, made.output).toBe(0);
    writeFileSync(path.join(copy, 'documents', 'kyc-front-1'), randomBytes(16));
    const target = await place('from-tampered');
    const restored = await command('restore', [copy], target);
    expect(restored.code).toBe(2);
    expect(restored.output).toContain('documents/kyc-front-1 is missing or changed');
    expect(existsSync(path.join(target.dataDir, 'documents'))).toBe(false);
  }, 60_000);

  it('restores nothing over data that is already there', async () => {
    const restored = await command('restore', [backupFolder], source);
    expect(restored.code).toBe(2);
    expect(restored.output).toContain('Nothing was restored');
  }, 60_000);
});
