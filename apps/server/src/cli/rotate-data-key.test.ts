// Rotating DATA_KEY (README "Rotating keys", decision 024), through the real server and the
// real command on one database: data from the old key — authenticator secrets, identity
// documents and recovery codes, in today's formats and in those from before keys were named —
// keeps working once DATA_KEY changes with the old key in DATA_KEY_PREVIOUS; `npm run
// rotate:data-key` moves the secrets and documents over, once, and then everything but the old
// recovery codes works with the old key gone. A malformed previous key stops the command, and a
// run missing the right key changes nothing. Run on the embedded database, and on PostgreSQL in
// the PostgreSQL suite.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataKeyId, dataKeyOf } from '../auth/data-keys.ts';
import { recoveryCodeHash } from '../auth/second-factor.ts';
import { totpCode } from '../auth/totp.ts';
import { openDatabase } from '../db/client.ts';
import { kycDocuments } from '../db/kyc-schema.ts';
import { recoveryCodes, users } from '../db/schema.ts';
import { deriveKey } from '../storage/encrypted-store.ts';
import { documentsFolder } from '../storage/document-store.ts';
import {
  call,
  enableTwoFactor,
  randomIp,
  sessionCookie,
  signUp,
  signUpStaff,
  type SignedUp,
  type Staff,
  testPassword,
} from '../test/auth-helpers.ts';
import { legacyFile, legacyRecoveryCodeHash, legacySeal } from '../test/legacy-formats.ts';
import {
  appOnDatabase,
  createPostgresDatabase,
  dbKind,
  manualClock,
  type TestApp,
} from '../test/test-app.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const script = path.join(root, 'apps/server/src/cli/rotate-data-key.ts');
const pinned = path.join(root, 'node_modules/node/bin/node');
const node = existsSync(pinned) ? pinned : process.execPath;

const [oldKey, newKey, strangerKey] = [randomBytes(32), randomBytes(32), randomBytes(32)];
const hex = (key: Buffer) => key.toString('hex');
const clock = manualClock(new Date('2026-12-03T09:00:00Z'));

let dataDir: string;
let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
const target = () => ({ DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres.url } : {}) });

/** The server on the database and DATA_DIR with these keys; stop it before the command runs. */
async function serve(keys: { DATA_KEY: string; DATA_KEY_PREVIOUS?: string }): Promise<TestApp> {
  const database = await openDatabase(postgres ? { url: postgres.url, poolSize: 4 } : { dataDir });
  return appOnDatabase(database, { env: { ...target(), ...keys }, clock });
}

function rotate(keys: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(node, [script], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'development',
        LOG_LEVEL: 'silent',
        ...target(),
        ...keys,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// ── Calls ────────────────────────────────────────────────────────────────────────────────
/** Each authenticator code is taken once per 30-second step: every sign-in moves past one. */
function nextCode(secret: string): string {
  clock.advance(30_000);
  return totpCode(secret, clock.now());
}

function signInWith(t: TestApp, email: string, totp: string) {
  return call(t, 'POST', '/auth/sign-in', { email, password: testPassword, totp });
}

async function expectSignedIn(t: TestApp, email: string, totp: string, what: string) {
  const res = await signInWith(t, email, totp);
  expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
  const cookie = sessionCookie(res);
  if (!cookie) throw new Error(`${what}: no session`);
  return cookie;
}

/** An image as a browser's FormData uploads it. */
async function upload(t: TestApp, cookie: string, side: 'front' | 'back', content: Buffer) {
  const boundary = `----sv${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="side"\r\n\r\n${side}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${side}.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/me/kyc/documents',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-requested-with': 'secure-vault',
      cookie: `__Host-session=${cookie}`,
    },
    payload,
    remoteAddress: randomIp(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

const png = () =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
    Buffer.from('IHDR'),
    randomBytes(3000),
  ]);

// ── The data ─────────────────────────────────────────────────────────────────────────────
interface Document {
  userId: string;
  id: string;
  content: Buffer;
}

let staff: Staff;
/** Two-factor on, sealed and hashed the way the server does it today. */
let customer: SignedUp & { secret: string; codes: string[] };
/** Two-factor on, with its secret and two recovery codes in the formats from before. */
let legacy: SignedUp & { secret: string; codes: string[] };
const documents: Document[] = [];

async function expectDocumentsServed(t: TestApp, what: string) {
  const cookie = await expectSignedIn(t, staff.email, nextCode(staff.secret), `${what}: staff`);
  for (const [n, document] of documents.entries()) {
    const res = await call(
      t,
      'GET',
      `/admin/kyc/${document.userId}/documents/${document.id}`,
      undefined,
      { cookie },
    );
    expect(res.statusCode, `${what}: document ${n}: ${res.body}`).toBe(200);
    expect(res.rawPayload.equals(document.content), `${what}: document ${n}`).toBe(true);
  }
}

/** Every stored file's bytes, by name, to show what a command changed. */
async function filesOnDisk(): Promise<Map<string, string>> {
  const folder = path.join(dataDir, documentsFolder);
  const files = new Map<string, string>();
  for (const name of await readdir(folder)) {
    const bytes = await readFile(path.join(folder, name));
    files.set(name, createHash('sha256').update(bytes).digest('hex'));
  }
  return files;
}

async function sealedSecrets(t: TestApp): Promise<string[]> {
  const rows = await t.ctx.db
    .select({ secret: users.totpSecret, pending: users.totpPendingSecret })
    .from(users);
  return rows.flatMap((row) => [row.secret, row.pending]).filter((value) => value !== null);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sv-rotate-'));
  if (dbKind === 'postgres') postgres = await createPostgresDatabase();

  const t = await serve({ DATA_KEY: hex(oldKey) });
  try {
    staff = await signUpStaff(t);
    const customerUp = await signUp(t);
    const customerFactor = await enableTwoFactor(t, customerUp.cookie);
    customer = {
      ...customerUp,
      secret: customerFactor.secret,
      codes: customerFactor.recoveryCodes,
    };
    const legacyUp = await signUp(t);
    const legacyFactor = await enableTwoFactor(t, legacyUp.cookie);
    legacy = { ...legacyUp, secret: legacyFactor.secret, codes: legacyFactor.recoveryCodes };

    // The legacy account as it was stored before keys were named: its secret, two of its codes.
    await t.ctx.db
      .update(users)
      .set({ totpSecret: legacySeal(oldKey, legacy.secret) })
      .where(eq(users.id, legacy.userId));
    for (const code of legacy.codes.slice(0, 2)) {
      const rewritten = await t.ctx.db
        .update(recoveryCodes)
        .set({ codeHash: legacyRecoveryCodeHash(oldKey, legacy.userId, code) })
        .where(eq(recoveryCodes.codeHash, recoveryCodeHash(dataKeyOf(oldKey), legacy.userId, code)))
        .returning({ id: recoveryCodes.id });
      expect(rewritten).toHaveLength(1);
    }

    // Both sides of the customer's document; the back as files were stored before.
    for (const side of ['front', 'back'] as const) {
      const content = png();
      const id = await upload(t, customer.cookie, side, content);
      documents.push({ userId: customer.userId, id, content });
    }
    const back = documents[1];
    const [row] = await t.ctx.db
      .select({ storageKey: kycDocuments.storageKey })
      .from(kycDocuments)
      .where(eq(kycDocuments.id, back?.id ?? ''));
    const storageKey = row?.storageKey ?? '';
    const documentsKey = deriveKey(oldKey, 'kyc documents v1');
    await writeFile(
      path.join(dataDir, documentsFolder, storageKey),
      legacyFile(documentsKey, storageKey, back?.content ?? Buffer.alloc(0)),
    );
    await expectDocumentsServed(t, 'before the rotation');
  } finally {
    await t.close();
  }
}, 180_000);
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await postgres?.drop();
});

const unusedCodesOf = async (t: TestApp, userId: string) =>
  (
    await t.ctx.db
      .select({ id: recoveryCodes.id })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
  ).length;

describe('a new DATA_KEY with the old one in DATA_KEY_PREVIOUS', () => {
  it('signs in with authenticators and recovery codes, and serves documents, from before', async () => {
    const t = await serve({ DATA_KEY: hex(newKey), DATA_KEY_PREVIOUS: hex(oldKey) });
    try {
      await expectSignedIn(t, customer.email, nextCode(customer.secret), 'customer, authenticator');
      await expectSignedIn(t, legacy.email, nextCode(legacy.secret), 'legacy, authenticator');
      await expectSignedIn(t, customer.email, customer.codes[0] ?? '', 'customer, recovery code');
      await expectSignedIn(t, legacy.email, legacy.codes[0] ?? '', 'legacy, old recovery code');
      await expectDocumentsServed(t, 'with the previous key');

      // What is written now is under the new key: a third account's set-up, a new document.
      const other = await signUp(t);
      const setup = await call(t, 'POST', '/auth/totp/setup', undefined, { cookie: other.cookie });
      expect(setup.statusCode, setup.body).toBe(200);
      const content = png();
      documents.push({
        userId: other.userId,
        id: await upload(t, other.cookie, 'front', content),
        content,
      });
      const [pending] = await t.ctx.db
        .select({ sealed: users.totpPendingSecret })
        .from(users)
        .where(eq(users.id, other.userId));
      expect(pending?.sealed?.split('.').slice(0, 2)).toEqual(['v2', dataKeyId(newKey)]);
      await expectDocumentsServed(t, 'with the previous key, a new document too');
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe('npm run rotate:data-key', () => {
  it('refuses a malformed previous key, naming its place and not its text', async () => {
    const before = await filesOnDisk();
    const bad = `${hex(oldKey)},${hex(oldKey).slice(0, 63)}g`;
    const run = await rotate({ DATA_KEY: hex(newKey), DATA_KEY_PREVIOUS: bad });
    expect(run.code, run.stdout).toBe(2);
    expect(run.stderr).toContain(
      'DATA_KEY_PREVIOUS: key 2 of 2 is not 64 hexadecimal characters (32 bytes)',
    );
    expect(run.stderr + run.stdout).not.toContain(hex(oldKey).slice(0, 16));
    expect(await filesOnDisk()).toEqual(before);
  }, 60_000);

  it('without the key the data was made with, changes nothing and says so', async () => {
    const before = await filesOnDisk();
    const run = await rotate({ DATA_KEY: hex(strangerKey) });
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(1);
    expect(run.stdout).toContain(
      'Authenticator secrets: 0 sealed again, 0 already under DATA_KEY, 4 that no configured key opens.',
    );
    expect(run.stdout).toContain(
      'Stored documents: 0 encrypted again, 0 already under DATA_KEY, 3 that no configured key opens, 0 deleted meanwhile.',
    );
    expect(run.stdout).toContain('add the key they were made with to DATA_KEY_PREVIOUS');
    expect(await filesOnDisk()).toEqual(before);
  }, 60_000);

  it('moves every secret and document to the new key once, and counts the recovery codes left', async () => {
    const keys = { DATA_KEY: hex(newKey), DATA_KEY_PREVIOUS: hex(oldKey) };
    const first = await rotate(keys);
    expect(first.code, `${first.stdout}\n${first.stderr}`).toBe(0);
    expect(first.stdout).toContain(
      `DATA_KEY is key ${dataKeyId(newKey)}; DATA_KEY_PREVIOUS holds ${dataKeyId(oldKey)}.`,
    );
    // Staff, customer and legacy secrets; the pending set-up was sealed under the new key.
    expect(first.stdout).toContain(
      'Authenticator secrets: 3 sealed again, 1 already under DATA_KEY, 0 that no configured key opens.',
    );
    expect(first.stdout).toContain(
      'Stored documents: 2 encrypted again, 1 already under DATA_KEY, 0 that no configured key opens, 0 deleted meanwhile.',
    );
    // Staff 10, customer 9, legacy 9 (8 named, 1 from before): 28 codes of 3 accounts.
    expect(first.stdout).toContain(
      `Recovery codes: 28 unused codes of 3 accounts were made under an earlier key (`,
    );
    expect(first.stdout).toContain(`27 under ${dataKeyId(oldKey)}`);
    expect(first.stdout).toContain('1 from before keys were named');
    expect(first.stdout).toContain(
      'Every secret and document is under DATA_KEY; DATA_KEY_PREVIOUS is needed only for the recovery codes above.',
    );

    const files = await filesOnDisk();
    const again = await rotate(keys);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(
      'Authenticator secrets: 0 sealed again, 4 already under DATA_KEY, 0 that no configured key opens.',
    );
    expect(again.stdout).toContain('Stored documents: 0 encrypted again, 3 already under DATA_KEY');
    expect(await filesOnDisk()).toEqual(files);
    for (const name of files.keys()) {
      const head = (await readFile(path.join(dataDir, documentsFolder, name))).subarray(0, 5);
      expect(head.toString('hex')).toBe(`02${dataKeyId(newKey)}`);
    }
  }, 120_000);

  it('leaves everything but the old recovery codes working without the old key', async () => {
    // While the old key is still listed, the old recovery codes work.
    const kept = await serve({ DATA_KEY: hex(newKey), DATA_KEY_PREVIOUS: hex(oldKey) });
    try {
      for (const value of await sealedSecrets(kept)) {
        expect(value.split('.').slice(0, 2)).toEqual(['v2', dataKeyId(newKey)]);
      }
      await expectSignedIn(kept, customer.email, customer.codes[1] ?? '', 'old code, key kept');
      await expectSignedIn(kept, legacy.email, legacy.codes[1] ?? '', 'unnamed code, key kept');
    } finally {
      await kept.close();
    }

    const t = await serve({ DATA_KEY: hex(newKey) });
    try {
      await expectSignedIn(t, customer.email, nextCode(customer.secret), 'customer, authenticator');
      await expectSignedIn(t, legacy.email, nextCode(legacy.secret), 'legacy, authenticator');
      await expectDocumentsServed(t, 'after the rotation, the old key gone');

      // A recovery code made under the old key no longer works, and is not used up.
      const unused = await unusedCodesOf(t, customer.userId);
      const refused = await signInWith(t, customer.email, customer.codes[2] ?? '');
      expect([refused.statusCode, refused.json().error.code]).toEqual([400, 'TOTP_INVALID']);
      expect(await unusedCodesOf(t, customer.userId)).toBe(unused);

      // Turning two-factor off and on again gives codes under the new key, which work.
      const cookie = await expectSignedIn(
        t,
        customer.email,
        nextCode(customer.secret),
        'customer, before new codes',
      );
      const off = await call(
        t,
        'POST',
        '/auth/totp/disable',
        { code: nextCode(customer.secret) },
        { cookie },
      );
      expect(off.statusCode, off.body).toBe(204);
      const renewed = await enableTwoFactor(t, cookie);
      await expectSignedIn(t, customer.email, renewed.recoveryCodes[0] ?? '', 'a new code');
    } finally {
      await t.close();
    }
    // The command now finds only the staff's and the legacy account's codes under the old key.
    const report = await rotate({ DATA_KEY: hex(newKey) });
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toContain('DATA_KEY_PREVIOUS holds none.');
    expect(report.stdout).toContain(
      'Recovery codes: 18 unused codes of 2 accounts were made under an earlier key',
    );
  }, 180_000);
});
