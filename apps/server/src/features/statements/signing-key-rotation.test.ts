// Rotating the signing key (README "Rotating keys"): servers restarted on one database with a
// new SIGNING_KEY and the old one in SIGNING_KEY_PREVIOUS still verify what the old key signed
// and publish it beside the new one; a key that was never configured, or one removed from the
// list, does not verify; and the key generated into DATA_DIR rotates the way the README says.
import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSigningKey, signDocument } from '../../auth/signing-key.ts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { profiles } from '../../db/schema.ts';
import { call, randomIp } from '../../test/auth-helpers.ts';
import { createCustomer, type Customer } from '../../test/customers.ts';
import { appOnDatabase, manualClock, openTestDatabase, type TestApp } from '../../test/test-app.ts';

const clock = manualClock(new Date('2026-12-02T10:00:00Z'));
const marker = '%SecureVault-Signature:';

const newPair = () => generateKeyPairSync('ed25519');
const [oldPair, newKeyPair, strangerPair] = [newPair(), newPair(), newPair()];
const privateDer = (pair: ReturnType<typeof newPair>) =>
  pair.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
const publicDer = (pair: ReturnType<typeof newPair>) =>
  pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
const keyIdOf = (pair: ReturnType<typeof newPair>) => parseSigningKey(privateDer(pair)).keyId;

let database: Database;
let drop: () => Promise<void>;
let server: TestApp | undefined;
let customer: Customer;

/** Stops the running server, if any, and starts one on the same database with `env`. */
async function restartWith(env: Record<string, string>): Promise<TestApp> {
  if (server) {
    await server.app.close();
    server.ctx.mailer.close();
  }
  server = await appOnDatabase(database, { env, clock });
  return server;
}

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const first = await restartWith({ SIGNING_KEY: privateDer(oldPair) });
  customer = await createCustomer(first, { cash: '250', label: 'signing-rotation' });
  // Opened in November, so November's statement is one the customer may download.
  await database.db
    .update(profiles)
    .set({ createdAt: new Date('2026-11-01T00:00:00Z') })
    .where(eq(profiles.userId, customer.userId));
}, 60_000);
afterAll(async () => {
  await server?.app.close();
  server?.ctx.mailer.close();
  await database.close();
  await drop();
});

async function download(t: TestApp, url: string): Promise<Buffer> {
  const res = await call(t, 'GET', url, undefined, { cookie: customer.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
}

async function check(t: TestApp, document: Buffer) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/verify',
    headers: { 'content-type': 'application/pdf', 'x-requested-with': 'secure-vault' },
    payload: document,
    remoteAddress: randomIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ valid: boolean; kind: string | null; issuedTo: string | null }>();
}

async function publishedKeys(t: TestApp) {
  const res = await t.app.inject({ url: '/.well-known/secure-vault-signing-key' });
  expect(res.statusCode).toBe(200);
  return res.json<{
    keyId: string;
    publicKey: string;
    previous: { keyId: string; publicKey: string; pem: string }[];
  }>();
}

const signedPart = (document: Buffer) => document.subarray(0, document.lastIndexOf(marker));
const claims = {
  kind: 'statement' as const,
  issuedTo: 's*** r***',
  period: '2026-11',
  issuedAt: '2026-12-02T10:00:00.000Z',
  journalPosition: 'none',
};

describe('a rotated signing key', () => {
  let oldStatement: Buffer;
  let oldProof: Buffer;
  let stranger: Buffer;
  let misnamed: Buffer;
  beforeAll(async () => {
    const first = server as TestApp;
    oldStatement = await download(first, '/me/statements/2026-11.pdf');
    oldProof = await download(first, '/me/proof-of-holdings.pdf');
    expect((await check(first, oldStatement)).valid).toBe(true);
    // The same document signed by a key no server ever had, and by the old key under the new
    // key's id.
    stranger = signDocument(
      signedPart(oldStatement),
      claims,
      parseSigningKey(privateDer(strangerPair)),
    );
    misnamed = signDocument(signedPart(oldStatement), claims, {
      ...parseSigningKey(privateDer(oldPair)),
      keyId: keyIdOf(newKeyPair),
    });
  });

  it('still verifies what the old key signed, while the old key is listed', async () => {
    const t = await restartWith({
      SIGNING_KEY: privateDer(newKeyPair),
      SIGNING_KEY_PREVIOUS: publicDer(oldPair),
    });
    expect(await check(t, oldStatement)).toMatchObject({ valid: true, kind: 'statement' });
    expect(await check(t, oldProof)).toMatchObject({ valid: true, kind: 'proof_of_holdings' });
    const fresh = await download(t, '/me/statements/2026-11.pdf');
    expect(await check(t, fresh)).toMatchObject({ valid: true, kind: 'statement' });
    // New documents are signed with the new key only.
    const payload = JSON.parse(
      Buffer.from(
        fresh
          .subarray(fresh.lastIndexOf(marker) + marker.length)
          .toString()
          .split('.')[0] ?? '',
        'base64url',
      ).toString(),
    );
    expect(payload.keyId).toBe(keyIdOf(newKeyPair));
  });

  it('does not verify a key never configured, the old key under another id, or an altered document', async () => {
    const t = server as TestApp;
    expect((await check(t, stranger)).valid).toBe(false);
    expect((await check(t, misnamed)).valid).toBe(false);
    const altered = Buffer.from(oldStatement);
    altered[200] = (altered[200] ?? 0) ^ 0x01;
    expect((await check(t, altered)).valid).toBe(false);
  });

  it('publishes the old key beside the new one, and it checks the old document offline', async () => {
    const keys = await publishedKeys(server as TestApp);
    expect(keys.keyId).toBe(keyIdOf(newKeyPair));
    expect(keys.publicKey).toBe(publicDer(newKeyPair));
    expect(keys.previous.map((key) => [key.keyId, key.publicKey])).toEqual([
      [keyIdOf(oldPair), publicDer(oldPair)],
    ]);
    const [payload = '', signature = ''] = oldStatement
      .subarray(oldStatement.lastIndexOf(marker) + marker.length)
      .toString()
      .trim()
      .split('.');
    const oldPem = keys.previous[0]?.pem ?? '';
    expect(
      verify(null, Buffer.from(payload, 'base64url'), oldPem, Buffer.from(signature, 'base64url')),
    ).toBe(true);
  });

  it('takes the old private key too, keeping only its public half', async () => {
    const t = await restartWith({
      SIGNING_KEY: privateDer(newKeyPair),
      SIGNING_KEY_PREVIOUS: `${publicDer(strangerPair)},${privateDer(oldPair)}`,
    });
    expect((await check(t, oldStatement)).valid).toBe(true);
    expect((await check(t, stranger)).valid).toBe(true);
    const keys = await publishedKeys(t);
    expect(keys.previous.map((key) => key.keyId)).toEqual([
      keyIdOf(strangerPair),
      keyIdOf(oldPair),
    ]);
    expect(JSON.stringify(keys)).not.toContain('PRIVATE');
  });

  it('stops verifying the old key once it leaves the list', async () => {
    const t = await restartWith({ SIGNING_KEY: privateDer(newKeyPair) });
    expect((await check(t, oldStatement)).valid).toBe(false);
    expect((await check(t, oldProof)).valid).toBe(false);
    expect((await publishedKeys(t)).previous).toEqual([]);
  });
});

describe('the key generated into DATA_DIR', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sv-signing-rotation-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('rotates by moving its file aside and listing its public key', async () => {
    const generated = await restartWith({ DATA_DIR: dataDir, SIGNING_KEY: '' });
    const before = await download(generated, '/me/proof-of-holdings.pdf');
    const keyFile = path.join(dataDir, 'signing-key.pem');
    const oldPublic = createPublicKey(await readFile(keyFile, 'utf8'))
      .export({ type: 'spki', format: 'pem' })
      .toString();
    // README: move the file aside, list its public key, start again.
    await rename(keyFile, path.join(dataDir, 'signing-key.retired.pem'));
    const rotated = await restartWith({
      DATA_DIR: dataDir,
      SIGNING_KEY: '',
      SIGNING_KEY_PREVIOUS: oldPublic,
    });
    const after = await download(rotated, '/me/proof-of-holdings.pdf');
    expect(await readFile(keyFile, 'utf8')).not.toBe('');
    const keys = await publishedKeys(rotated);
    expect(keys.previous.map((key) => key.pem)).toEqual([oldPublic]);
    expect(keys.keyId).not.toBe(keys.previous[0]?.keyId);
    expect((await check(rotated, before)).valid).toBe(true);
    expect((await check(rotated, after)).valid).toBe(true);
    const forgotten = await restartWith({ DATA_DIR: dataDir, SIGNING_KEY: '' });
    expect((await check(forgotten, before)).valid).toBe(false);
    expect((await check(forgotten, after)).valid).toBe(true);
  }, 60_000);
});
