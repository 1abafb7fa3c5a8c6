// Signed statements and proof of holdings: the figures are the journal's, every document names
// its caller and verifies, and any change to a signed document, another key, a body that is not
// a PDF, too large a body or too many checks is refused.
import { createHash, generateKeyPairSync, verify } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, gte, lt, ne } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dec, sum, toFixedString } from '@secure-vault/shared/money';
import { parseSigningKey, signDocument, signingKeyOf } from '../../auth/signing-key.ts';
import { sessionCookieName } from '../../auth/sessions.ts';
import { profiles } from '../../db/schema.ts';
import { ledgerEntries, valuables } from '../../db/vault-schema.ts';
import { call, randomIp } from '../../test/auth-helpers.ts';
import { settleApproved } from '../../test/approvals.ts';
import { createCustomer, type Customer } from '../../test/customers.ts';
import {
  cardDeposit,
  createStaffMember,
  sendTransfer,
  verifiedCustomer,
  verifiedName,
} from '../../test/money-movements.ts';
import { appOnDatabase, createTestApp, manualClock, type TestApp } from '../../test/test-app.ts';
import { journalOf, positionOf, trade } from '../../test/trading.ts';
import { openDatabase } from '../../db/client.ts';
import { drawProofOfHoldings, drawStatement } from './documents.ts';
import { formatUsd } from './pdf-text.ts';
import { verifyMaxBytes } from './routes.ts';
import { readProofOfHoldings, readStatement } from './statement-model.ts';

const clock = manualClock(new Date('2026-10-31T22:00:00Z'));
let t: TestApp;
let customer: Customer;
let receiver: Customer;
const hour = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp({ clock });
  // October's last evening: a deposit before the month the statement is about.
  customer = await verifiedCustomer(t, { cash: '1000', label: 'statement' });
  receiver = await createCustomer(t, { label: 'statement-receiver' });
  await t.ctx.db
    .update(profiles)
    .set({ fullName: 'Zaid Other' })
    .where(eq(profiles.userId, receiver.userId));
  // November: trades, a card deposit staff complete, a transfer of part of the gold.
  clock.advance(3 * hour);
  const gold = await trade(t, customer, { side: 'buy', asset: 'AU', total: '100' });
  expect(gold.statusCode, gold.body).toBe(201);
  clock.advance(hour);
  const deposit = await cardDeposit(t, customer, '250');
  expect(deposit.statusCode, deposit.body).toBe(201);
  // Completed as two staff members do it: one proposes, another approves.
  const staff = await createStaffMember(t);
  const settled = await settleApproved(
    t,
    staff,
    'card_deposit',
    deposit.json<{ id: string }>().id,
    'completed',
  );
  expect(settled.approval.statusCode, settled.approval.body).toBe(200);
  clock.advance(hour);
  const position = await positionOf(t, customer.userId, 'AU');
  const sent = await sendTransfer(t, customer, receiver, position?.id ?? '', '500');
  expect(sent.statusCode, sent.body).toBe(201);
  clock.advance(hour);
  const bitcoin = await trade(t, customer, { side: 'buy', asset: 'BTC', total: '50' });
  expect(bitcoin.statusCode, bitcoin.body).toBe(201);
  clock.advance(hour);
}, 60_000);
afterAll(() => t.close());

function get(url: string, who: Customer | null = customer) {
  return call(t, 'GET', url, undefined, who ? { cookie: who.cookie } : {});
}

function verifyBytes(app: TestApp, body: Buffer | string, ip = randomIp()) {
  return app.app.inject({
    method: 'POST',
    url: '/api/v1/verify',
    headers: { 'content-type': 'application/pdf', 'x-requested-with': 'secure-vault' },
    payload: body,
    remoteAddress: ip,
  });
}

const pdfOf = (res: LightMyRequestResponse) => res.rawPayload;

/** The journal's own sums for the customer: value and quantity by position, before `at`. */
async function journalSums(userId: string, before: Date) {
  const rows = await t.ctx.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), lt(ledgerEntries.createdAt, before)));
  const cash = sum(rows.filter((r) => r.assetSymbol === 'USD').map((r) => r.valueDelta));
  const total = sum(rows.map((r) => r.valueDelta));
  const quantity = (symbol: string) =>
    sum(rows.filter((r) => r.assetSymbol === symbol).map((r) => r.quantityDelta ?? '0'));
  return { cash, total, quantity };
}

describe('the statement', () => {
  it('opens and closes at the journal’s sums, and its totals are the month’s rows', async () => {
    const start = new Date('2026-11-01T00:00:00Z');
    const end = new Date('2026-12-01T00:00:00Z');
    const model = await readStatement(t.ctx.db, customer.userId, '2026-11', clock.now());
    const before = await journalSums(customer.userId, start);
    const after = await journalSums(customer.userId, end);
    expect(model.opening.cash).toBe(toFixedString(before.cash));
    expect(model.opening.cash).toBe('1000.00000000');
    expect(model.opening.total).toBe(toFixedString(before.total));
    expect(model.opening.positions).toEqual([]);
    expect(model.closing.cash).toBe(toFixedString(after.cash));
    expect(model.closing.total).toBe(toFixedString(after.total));
    const closingGold = model.closing.positions.find((p) => p.assetSymbol === 'AU');
    expect(closingGold?.quantity).toBe(toFixedString(after.quantity('AU')));
    // The journal's quantity is the vault's: the gold left after the transfer.
    expect(closingGold?.quantity).toBe((await positionOf(t, customer.userId, 'AU'))?.quantity);
    expect(model.closing.positions.map((p) => p.assetSymbol)).toEqual(['AU', 'BTC']);

    const monthRows = await t.ctx.db
      .select()
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.userId, customer.userId),
          gte(ledgerEntries.createdAt, start),
          lt(ledgerEntries.createdAt, end),
        ),
      );
    expect(model.movements.map((m) => m.id).sort()).toEqual(monthRows.map((r) => r.id).sort());
    expect(model.movements.map((m) => m.kind)).toEqual(
      expect.arrayContaining(['buy', 'deposit', 'transfer_out']),
    );
    const credits = sum(monthRows.map((r) => dec(r.valueDelta)).filter((v) => v.isPositive()));
    const debits = sum(monthRows.map((r) => dec(r.valueDelta)).filter((v) => v.isNegative()));
    expect(model.totals.valueIn).toBe(toFixedString(credits));
    expect(model.totals.valueOut).toBe(toFixedString(debits.negated()));
    expect(model.totals.net).toBe(toFixedString(sum(monthRows.map((r) => r.valueDelta))));
    // Opening and the month's net make the closing.
    expect(dec(model.opening.total).plus(model.totals.net).toFixed(8)).toBe(model.closing.total);
    // The journal position is the last row the figures include.
    expect(model.journalPosition.id).toBe((await journalOf(t, customer.userId)).at(-1)?.id);
  });

  it('shows the figures, the caller and where to check it on the page', async () => {
    const model = await readStatement(t.ctx.db, customer.userId, '2026-11', clock.now());
    const { pdf, texts } = await drawStatement(model, 'en', t.ctx.config.appUrl);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(texts).toContain(verifiedName);
    expect(texts).toContain(customer.accountNumber);
    expect(texts).toContain(formatUsd(model.opening.cash, 'en'));
    expect(texts).toContain('$1,000.00');
    expect(texts).toContain(formatUsd(model.closing.total, 'en'));
    expect(texts).toContain(formatUsd(model.totals.valueIn, 'en'));
    expect(texts).toContain(formatUsd(model.totals.net, 'en', true));
    expect(texts).toContain(model.journalPosition.id);
    expect(texts).toContain(`Signed by Secure Vault — check it at ${t.ctx.config.appUrl}/verify`);
    for (const movement of model.movements) {
      expect(texts).toContain(formatUsd(movement.valueDelta, 'en', true));
    }
    expect(texts.join('\n')).not.toContain('Zaid');
  });

  it('downloads as a signed PDF that verifies and names the caller, masked', async () => {
    const res = await get('/me/statements/2026-11.pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="secure-vault-statement-2026-11.pdf"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const check = await verifyBytes(t, pdfOf(res));
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toEqual({
      valid: true,
      kind: 'statement',
      issuedTo: 'A*** N*** H***',
      period: '2026-11',
      issuedAt: clock.now().toISOString(),
      journalPosition: (await journalOf(t, customer.userId)).at(-1)?.id,
    });
  });

  it('is the caller’s own: another customer gets theirs, never this one', async () => {
    const res = await get('/me/statements/2026-11.pdf', receiver);
    expect(res.statusCode).toBe(200);
    const check = (await verifyBytes(t, pdfOf(res))).json();
    expect(check.issuedTo).toBe('Z*** O***');
    expect(check.journalPosition).toBe((await journalOf(t, receiver.userId)).at(-1)?.id);
    const model = await readStatement(t.ctx.db, receiver.userId, '2026-11', clock.now());
    const { texts } = await drawStatement(model, 'en', t.ctx.config.appUrl);
    expect(texts).toContain('Zaid Other');
    expect(texts).toContain(receiver.accountNumber);
    expect(texts.join('\n')).not.toContain(verifiedName);
    expect(texts.join('\n')).not.toContain(customer.accountNumber);
    expect(model.movements.map((m) => m.kind)).toEqual(['transfer_in']);
  });

  it('is refused without a session', async () => {
    const res = await get('/me/statements/2026-11.pdf', null);
    expect([res.statusCode, res.json().error.code]).toEqual([401, 'UNAUTHENTICATED']);
  });

  it('has none for a month after this one, or before 2000; a malformed month is invalid', async () => {
    for (const month of ['2026-12', '2027-01', '1999-12', '0000-01']) {
      const res = await get(`/me/statements/${month}.pdf`);
      expect([res.statusCode, res.json().error.code], month).toEqual([404, 'NOT_FOUND']);
    }
    for (const file of [
      '2026-13.pdf',
      '2026-11',
      '2026-1.pdf',
      '..%2F2026-11.pdf',
      '2026-11.pdf.exe',
    ]) {
      const res = await get(`/me/statements/${file}`);
      expect(res.statusCode, file).toBe(400);
    }
  });

  it('has none for a month before the account opened, and says why', async () => {
    // The customer opened the account in October 2026.
    for (const month of ['2026-09', '2026-06', '2000-01']) {
      const res = await get(`/me/statements/${month}.pdf`);
      expect([res.statusCode, res.json().error], month).toEqual([
        404,
        {
          code: 'NOT_FOUND',
          message: 'Your account opened in 2026-10: there is no statement for a month before it.',
        },
      ]);
    }
  });

  it('for the current month closes with the figures at issue, and a past month is valid', async () => {
    const october = await readStatement(t.ctx.db, customer.userId, '2026-10', clock.now());
    expect(october.isCurrentMonth).toBe(false);
    expect(october.opening.total).toBe('0.00000000');
    expect(october.closing.cash).toBe('1000.00000000');
    const november = await readStatement(t.ctx.db, customer.userId, '2026-11', clock.now());
    expect(november.isCurrentMonth).toBe(true);
    const opening = await get('/me/statements/2026-10.pdf');
    expect(opening.statusCode).toBe(200);
    const check = (await verifyBytes(t, pdfOf(opening))).json();
    expect([check.valid, check.period]).toEqual([true, '2026-10']);
  });

  it('is produced in Arabic, and verifies', async () => {
    const res = await get('/me/statements/2026-11.pdf?lang=ar');
    expect(res.statusCode).toBe(200);
    const check = (await verifyBytes(t, pdfOf(res))).json();
    expect([check.valid, check.kind, check.period]).toEqual([true, 'statement', '2026-11']);
    const model = await readStatement(t.ctx.db, customer.userId, '2026-11', clock.now());
    const { texts } = await drawStatement(model, 'ar', t.ctx.config.appUrl);
    expect(texts).toContain('كشف حساب شهري');
    expect(texts).toContain('1,000.00 US$');
    expect(texts).toContain(`موقَّع من سيكيور ڤولت — تحقّق منه على ${t.ctx.config.appUrl}/verify`);
    // English and Arabic documents differ, and a language that is not offered is refused.
    const english = await get('/me/statements/2026-11.pdf?lang=en');
    expect(pdfOf(english).equals(pdfOf(res))).toBe(false);
    expect((await get('/me/statements/2026-11.pdf?lang=fr')).statusCode).toBe(400);
  });
});

describe('the proof of holdings', () => {
  it('lists what the vault holds now, with the last journal row, and verifies', async () => {
    const model = await readProofOfHoldings(t.ctx.db, customer.userId, clock.now());
    const held = await t.ctx.db
      .select()
      .from(valuables)
      .where(and(eq(valuables.userId, customer.userId), ne(valuables.status, 'delivered')));
    expect(model.total).toBe(toFixedString(sum(held.map((v) => v.estimatedValue ?? '0'))));
    expect(model.holdings.map((h) => h.assetSymbol).sort()).toEqual(['AU', 'BTC']);
    expect(model.cash).toBe(held.find((v) => v.assetSymbol === 'USD')?.estimatedValue);
    const lastRow = (await journalOf(t, customer.userId)).at(-1);
    expect(model.journalPosition.id).toBe(lastRow?.id);

    const res = await get('/me/proof-of-holdings.pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="secure-vault-proof-of-holdings-${clock.now().toISOString().slice(0, 10)}.pdf"`,
    );
    const check = (await verifyBytes(t, pdfOf(res))).json();
    expect(check).toEqual({
      valid: true,
      kind: 'proof_of_holdings',
      issuedTo: 'A*** N*** H***',
      period: clock.now().toISOString(),
      issuedAt: clock.now().toISOString(),
      journalPosition: lastRow?.id,
    });
    const { texts } = await drawProofOfHoldings(model, 'en', t.ctx.config.appUrl);
    expect(texts).toContain(formatUsd(model.total, 'en'));
    expect(texts).toContain(lastRow?.id);
    const arabic = await get('/me/proof-of-holdings.pdf?lang=ar');
    expect((await verifyBytes(t, pdfOf(arabic))).json().valid).toBe(true);
  });
});

describe('verification', () => {
  let statement: Buffer;
  beforeAll(async () => {
    statement = pdfOf(await get('/me/statements/2026-11.pdf'));
  });
  const expectInvalid = async (body: Buffer | string, what: string) => {
    const res = await verifyBytes(t, body);
    expect(res.statusCode, what).toBe(200);
    expect(res.json(), what).toEqual({
      valid: false,
      kind: null,
      issuedTo: null,
      period: null,
      issuedAt: null,
      journalPosition: null,
    });
  };

  it('fails when any one byte of the document is changed', async () => {
    const signatureAt = statement.lastIndexOf('%SecureVault-Signature:');
    for (const at of [0, 9, Math.floor(signatureAt / 2), signatureAt - 2, signatureAt - 1]) {
      const tampered = Buffer.from(statement);
      tampered[at] = (tampered[at] ?? 0) ^ 0x01;
      await expectInvalid(tampered, `byte ${at}`);
    }
    // …or of the signature line, or when anything is cut off or added.
    for (const at of [signatureAt + 30, statement.length - 10]) {
      const tampered = Buffer.from(statement);
      tampered[at] = (tampered[at] ?? 0) ^ 0x01;
      await expectInvalid(tampered, `signature byte ${at}`);
    }
    await expectInvalid(statement.subarray(0, statement.length - 1), 'cut');
    await expectInvalid(Buffer.concat([statement, Buffer.from('%extra\n')]), 'appended');
    await expectInvalid(statement.subarray(0, signatureAt), 'signature removed');
    // The untouched document still verifies.
    expect((await verifyBytes(t, statement)).json().valid).toBe(true);
  });

  it('fails for a document signed with another key, even one claiming our key id', async () => {
    const other = parseSigningKey(
      generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    );
    const unsigned = statement.subarray(0, statement.lastIndexOf('%SecureVault-Signature:'));
    const claims = {
      kind: 'statement' as const,
      issuedTo: 'A*** N*** H***',
      period: '2026-11',
      issuedAt: clock.now().toISOString(),
      journalPosition: 'none',
    };
    await expectInvalid(signDocument(unsigned, claims, other), 'other key');
    const ours = signingKeyOf(t.ctx.config);
    await expectInvalid(
      signDocument(unsigned, claims, { ...other, keyId: ours.keyId }),
      'other key, our id',
    );
    // The same claims with our key verify: the refusals above are the key's.
    expect((await verifyBytes(t, signDocument(unsigned, claims, ours))).json().valid).toBe(true);
  });

  it('answers false for what is not a signed PDF, and refuses other body types', async () => {
    await expectInvalid('hello', 'text');
    await expectInvalid(Buffer.alloc(0), 'empty');
    await expectInvalid('%PDF-1.7\n%%EOF\n%SecureVault-Signature:e30.AAAA\n', 'forged line');
    await expectInvalid('%SecureVault-Signature:\u202e\u0000<script>\n', 'hostile');
    const json = await call(t, 'POST', '/verify', { valid: true });
    expect([json.statusCode, json.json().error.code]).toEqual([400, 'BAD_REQUEST']);
    // A form post cannot reach it: no application header, or a type a form can send.
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v1/verify',
      headers: { 'content-type': 'text/plain', 'x-requested-with': 'secure-vault' },
      payload: statement,
    });
    expect(form.json().error.code).toBe('CSRF');
    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/api/v1/verify',
      headers: { 'content-type': 'application/pdf' },
      payload: statement,
    });
    expect(noHeader.json().error.code).toBe('CSRF');
  });

  it('refuses a body over 5 MB', async () => {
    const res = await verifyBytes(t, Buffer.concat([statement, Buffer.alloc(verifyMaxBytes)]));
    expect([res.statusCode, res.json().error.code]).toEqual([413, 'FILE_TOO_LARGE']);
  });

  it('is rate-limited per address', async () => {
    const ip = randomIp();
    const answers: number[] = [];
    for (let i = 0; i < 31; i += 1) answers.push((await verifyBytes(t, 'x', ip)).statusCode);
    expect(answers.slice(0, 30).every((status) => status === 200)).toBe(true);
    const limited = await verifyBytes(t, statement, ip);
    expect([limited.statusCode, limited.json().error.code]).toEqual([429, 'RATE_LIMITED']);
    // Another address is not.
    expect((await verifyBytes(t, statement)).json().valid).toBe(true);
  });

  it('publishes the public key, with which anyone can check a document offline', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/secure-vault-signing-key' });
    expect(res.statusCode).toBe(200);
    const key = res.json<{ algorithm: string; keyId: string; publicKey: string; pem: string }>();
    expect(key.algorithm).toBe('Ed25519');
    const der = Buffer.from(key.publicKey, 'base64');
    expect(key.keyId).toBe(createHash('sha256').update(der).digest('hex').slice(0, 16));
    expect(key.pem).toContain('-----BEGIN PUBLIC KEY-----');
    // No key has been rotated here (signing-key-rotation.test.ts rotates them).
    expect(res.json().previous).toEqual([]);
    const line = statement.subarray(statement.lastIndexOf('%SecureVault-Signature:')).toString();
    const [payload = '', signature = ''] = line.trim().split(':')[1]?.split('.') ?? [];
    expect(
      verify(null, Buffer.from(payload, 'base64url'), key.pem, Buffer.from(signature, 'base64url')),
    ).toBe(true);
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const signed = statement.subarray(0, statement.lastIndexOf('%SecureVault-Signature:'));
    expect(claims.sha256).toBe(createHash('sha256').update(signed).digest('hex'));
  });
});

describe('the signing key in DATA_DIR', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sv-signing-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('is generated once, kept private, and shared by every server on the folder', async () => {
    const env = { DATA_DIR: dataDir, SIGNING_KEY: '' };
    const first = await appOnDatabase(await openDatabase({}), { env, clock });
    const second = await appOnDatabase(await openDatabase({}), { env, clock });
    try {
      const keyFile = path.join(dataDir, 'signing-key.pem');
      const keyA = await first.app.inject({ url: '/.well-known/secure-vault-signing-key' });
      const pem = await readFile(keyFile, 'utf8');
      expect(((await stat(keyFile)).mode & 0o777).toString(8)).toBe('600');
      const keyB = await second.app.inject({ url: '/.well-known/secure-vault-signing-key' });
      expect(keyB.json()).toEqual(keyA.json());
      expect(await readFile(keyFile, 'utf8')).toBe(pem);
      // A document one server signs, the other verifies; the test app's own key does not.
      const someone = await createCustomer(first, { cash: '10', label: 'signing-dir' });
      const res = await first.app.inject({
        url: '/api/v1/me/proof-of-holdings.pdf',
        cookies: { [sessionCookieName]: someone.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await verifyBytes(second, res.rawPayload)).json().valid).toBe(true);
      expect((await verifyBytes(t, res.rawPayload)).json().valid).toBe(false);
    } finally {
      await first.close();
      await second.close();
    }
  }, 120_000);
});

describe('the per-user limit on signed documents', () => {
  it('draws 20 statements and proofs of holdings in 10 minutes, then answers 429 until the window passes', async () => {
    const busy = await createCustomer(t, { cash: '10', label: 'documents-busy' });
    const other = await createCustomer(t, { label: 'documents-other' });
    const answers: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const url = i % 2 === 0 ? '/me/statements/2026-11.pdf' : '/me/proof-of-holdings.pdf';
      answers.push((await get(url, busy)).statusCode);
    }
    expect(answers).toEqual(Array(20).fill(200));
    // One budget for both kinds, counted per customer (not per address: each call above came
    // from another one).
    for (const url of ['/me/statements/2026-11.pdf', '/me/proof-of-holdings.pdf']) {
      const res = await get(url, busy);
      expect([res.statusCode, res.json().error.code], url).toEqual([429, 'RATE_LIMITED']);
    }
    expect((await get('/me/proof-of-holdings.pdf', other)).statusCode).toBe(200);
    // A month with no statement yet draws nothing, so it is answered as before.
    expect((await get('/me/statements/2027-01.pdf', busy)).statusCode).toBe(404);
    clock.advance(10 * 60_000 + 1);
    expect((await get('/me/proof-of-holdings.pdf', busy)).statusCode).toBe(200);
  }, 60_000);
});
