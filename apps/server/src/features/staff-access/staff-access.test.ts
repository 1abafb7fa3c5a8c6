// The customer's staff-access log (issue 15 item 4) through the API: a staff member signs in as
// the customer, trades and leaves, then opens the customer's identity document; the customer's
// list shows the session (start, end, what changed) and the document view, newest first, names
// the staff member by role and reference only, and shows nothing to anyone else.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffAccessEntry } from '@secure-vault/shared/staff-access/contracts';
import { writeAudit } from '../../auth/audit.ts';
import { impersonationSessionMs, sessionCookieName } from '../../auth/sessions.ts';
import { kycVerifications } from '../../db/kyc-schema.ts';
import { auditLog } from '../../db/schema.ts';
import { staffReference, staffSignedInAsCustomer } from '../../mail/staff-access-templates.ts';
import { call, lastMail, mailCount, randomIp, sessionCookie } from '../../test/auth-helpers.ts';
import { createCustomer, type Customer } from '../../test/customers.ts';
import { createStaffMember } from '../../test/money-movements.ts';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app.ts';
import { trade } from '../../test/trading.ts';

const clock = manualClock(new Date('2026-11-21T14:00:00Z'));
const minute = 60_000;
let t: TestApp;
let dataDir: string;
let staff: Customer;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sv-staff-access-'));
  t = await createTestApp({ clock, env: { DATA_DIR: dataDir } });
  staff = await createStaffMember(t);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const staffAccess = (cookie: string, query = '') =>
  call(t, 'GET', `/me/staff-access${query}`, undefined, { cookie });

async function entriesOf(cookie: string, query = ''): Promise<StaffAccessEntry[]> {
  const res = await staffAccess(cookie, query);
  expect(res.statusCode).toBe(200);
  return res.json<{ entries: StaffAccessEntry[] }>().entries;
}

/** Staff open a session as the customer from their own browser; returns its cookie. */
async function signInAs(customer: Customer): Promise<string> {
  const link = await call(t, 'POST', `/admin/users/${customer.userId}/impersonate`, undefined, {
    cookie: staff.cookie,
  });
  expect(link.statusCode).toBe(200);
  const token = (link.json<{ actionLink: string }>().actionLink.split('#token=')[1] ?? '').trim();
  const res = await call(
    t,
    'POST',
    '/auth/impersonation/complete',
    { token },
    {
      cookie: staff.cookie,
    },
  );
  expect(res.statusCode).toBe(200);
  return sessionCookie(res) ?? '';
}

/** Staff leave the customer's account and get their own session back. */
async function leave(cookie: string): Promise<void> {
  const res = await call(t, 'POST', '/auth/impersonation/end', undefined, { cookie });
  expect(res.statusCode).toBe(200);
  staff.cookie = sessionCookie(res) ?? '';
}

/** The customer uploads the front of their passport (a small PNG); returns its id. */
async function uploadPassport(customer: Customer): Promise<string> {
  const boundary = `----sv${randomBytes(8).toString('hex')}`;
  const png = Buffer.concat([
    Buffer.from([0x89]),
    Buffer.from('PNG'),
    Buffer.from([0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
    Buffer.from('IHDR'),
    randomBytes(64),
  ]);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="side"\r\n\r\nfront\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="passport.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/me/kyc/documents',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-requested-with': 'secure-vault',
      cookie: `${sessionCookieName}=${customer.cookie}`,
    },
    payload,
    remoteAddress: randomIp(),
  });
  expect(res.statusCode).toBe(201);
  await t.ctx.db
    .update(kycVerifications)
    .set({ data: { documentType: 'passport' } })
    .where(eq(kycVerifications.userId, customer.userId));
  return res.json<{ id: string }>().id;
}

describe('the staff-access list', () => {
  let customer: Customer;
  let other: Customer;
  let body: string;
  let entries: StaffAccessEntry[];
  const ref = () => staffReference(staff.userId);

  beforeAll(async () => {
    customer = await createCustomer(t, { cash: '1000', label: 'watched' });
    other = await createCustomer(t, { cash: '1000', label: 'bystander' });
    const documentId = await uploadPassport(customer);
    // The customer's own doings: never listed.
    expect((await trade(t, customer, { side: 'buy', asset: 'AU', total: '50' })).statusCode).toBe(
      201,
    );

    clock.advance(minute); // 14:01 staff sign in as the customer
    const cookie = await signInAs(customer);
    clock.advance(minute); // 14:02 and buy bitcoin as them
    const bought = await trade(t, { cookie }, { side: 'buy', asset: 'BTC', total: '100' });
    expect(bought.statusCode).toBe(201);
    clock.advance(3 * minute); // 14:05 leave
    await leave(cookie);
    clock.advance(minute); // 14:06 open the customer's passport
    const view = await call(
      t,
      'GET',
      `/admin/kyc/${customer.userId}/documents/${documentId}`,
      undefined,
      { cookie: staff.cookie },
    );
    expect(view.statusCode).toBe(200);
    clock.advance(minute); // 14:07 the customer trades again, alone
    await trade(t, customer, { side: 'buy', asset: 'AG', total: '10' });

    const res = await staffAccess(customer.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    body = res.body;
    entries = res.json<{ entries: StaffAccessEntry[] }>().entries;
  });

  it('shows the document view and then the session, newest first', () => {
    expect(entries.map((entry) => [entry.kind, entry.at])).toEqual([
      ['document_viewed', '2026-11-21T14:06:00.000Z'],
      ['impersonation', '2026-11-21T14:01:00.000Z'],
    ]);
    expect(entries[0]).toMatchObject({
      kind: 'document_viewed',
      side: 'front',
      documentType: 'passport',
      staff: { role: 'staff', ref: ref() },
    });
  });

  it('gives the session its start, its end and what changed, and only that', () => {
    const session = entries[1];
    expect(session).toEqual({
      id: expect.any(String),
      kind: 'impersonation',
      at: '2026-11-21T14:01:00.000Z',
      staff: { role: 'staff', ref: ref() },
      endedAt: '2026-11-21T14:05:00.000Z',
      endReason: 'ended',
      changes: [
        {
          type: 'movement',
          at: '2026-11-21T14:02:00.000Z',
          movement: 'buy',
          assetSymbol: 'BTC',
          itemName: expect.any(String),
          quantityDelta: expect.stringMatching(/^\d+\.\d+$/),
          valueDelta: expect.stringMatching(/^\d+\.\d+$/),
        },
      ],
      moreChanges: 0,
    });
  });

  it('names staff by role and reference only, never by email or address', () => {
    expect(ref()).toMatch(/^[0-9A-F]{8}$/);
    expect(body).not.toContain(staff.email);
    expect(body).not.toContain(staff.userId);
  });

  it('never shows the address staff acted from', async () => {
    const rows = await t.ctx.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(eq(auditLog.subjectUserId, customer.userId));
    const addresses = rows.map((row) => row.ip).filter((ip): ip is string => ip !== null);
    expect(addresses.length).toBeGreaterThan(0);
    for (const ip of addresses) expect(body).not.toContain(ip);
  });

  it('shows another customer none of it', async () => {
    expect(await entriesOf(other.cookie)).toEqual([]);
  });

  it('emailed the customer when staff signed in, in their language, without the staff email', async () => {
    const mail = await lastMail(t, customer.email);
    expect(mail?.subject).toBe('A Secure Vault staff member signed in to your account');
    expect(mail?.text).toContain(`Staff #${ref()}`);
    expect(mail?.text).toContain('21 November 2026 at 14:01 UTC');
    expect(mail?.text).toContain(
      'Settings → Staff Access: http://localhost:3000/settings/staff-access',
    );
    expect(mail?.text).toContain('http://localhost:3000/contact');
    expect(mail?.text).not.toContain(staff.email);
    expect(mail?.html).not.toContain(staff.email);
    expect(await mailCount(t, other.email)).toBe(0);
  });
});

describe('impersonation sessions', () => {
  it('lets the staff member signed in as the customer read the list, their open session included', async () => {
    const customer = await createCustomer(t, { cash: '500', label: 'open' });
    clock.advance(minute);
    const cookie = await signInAs(customer);
    const [open] = await entriesOf(cookie);
    expect(open).toMatchObject({ kind: 'impersonation', endedAt: null, endReason: null });
    await leave(cookie);
  });

  it('ends a session left open at its 30 minutes', async () => {
    const customer = await createCustomer(t, { cash: '500', label: 'expired' });
    clock.advance(minute);
    const startedAt = clock.now();
    await signInAs(customer);
    clock.advance(impersonationSessionMs + minute);
    const [expired] = await entriesOf(customer.cookie);
    expect(expired).toMatchObject({
      kind: 'impersonation',
      endedAt: new Date(startedAt.getTime() + impersonationSessionMs).toISOString(),
      endReason: 'expired',
      changes: [],
    });
  });

  it('writes to the customer in Arabic when that is their language', async () => {
    const customer = await createCustomer(t, { label: 'arabic' });
    // A request made in Arabic: the trace of the customer's language.
    const deposit = await call(
      t,
      'POST',
      '/me/deposits/card',
      { amount: '25', cardLastFour: '4242', cardType: 'Visa' },
      {
        cookie: customer.cookie,
        headers: { 'idempotency-key': randomUUID(), 'accept-language': 'ar' },
      },
    );
    expect(deposit.statusCode).toBe(201);
    clock.advance(minute);
    await leave(await signInAs(customer));
    const mail = await lastMail(t, customer.email);
    expect(mail?.subject).toBe('سجّل أحد موظفي Secure Vault الدخول إلى حسابك');
    expect(mail?.text).toContain(staffReference(staff.userId));
    expect(mail?.text).toContain('الإعدادات ← وصول الموظفين');
    expect(mail?.html).toContain('dir="rtl"');
  });
});

describe('what is listed', () => {
  it("lists staff's changes to the account and leaves out the customer's own requests", async () => {
    const customer = await createCustomer(t, { cash: '300', label: 'changes' });
    const at = () => {
      clock.advance(minute);
      return clock.now();
    };
    const staffWrites = [
      { action: 'admin.book_balance_set', details: { from: '0.00', to: '500.00' } },
      {
        action: 'admin.valuable_added',
        details: { itemType: 'jewelry', itemName: 'Ring', estimatedValue: '1200.00' },
      },
      { action: 'admin.password_reset', details: { revokedSessions: 1 } },
      { action: 'admin.kyc_rejected', details: { reason: 'Blurred' } },
      {
        action: 'transfer.status_changed',
        details: { type: 'card_deposit', status: 'completed', amount: '25', byCustomer: false },
      },
      { action: 'delivery.tracking_added', details: { status: 'in_transit' } },
    ] as const;
    for (const write of staffWrites) {
      await writeAudit(t.ctx.db, {
        ...write,
        actorId: staff.userId,
        subjectUserId: customer.userId,
        ip: '203.0.113.9',
        at: at(),
      });
    }
    // The customer cancelling their own withdrawal, and signing in: theirs, not staff's.
    await writeAudit(t.ctx.db, {
      action: 'transfer.status_changed',
      actorId: customer.userId,
      subjectUserId: customer.userId,
      details: { type: 'withdrawal', status: 'cancelled', amount: '10', byCustomer: true },
      at: at(),
    });
    await writeAudit(t.ctx.db, {
      action: 'auth.sign_in',
      actorId: customer.userId,
      subjectUserId: customer.userId,
      at: at(),
    });
    const res = await staffAccess(customer.cookie);
    expect(res.body).not.toContain('203.0.113.9');
    const entries = res.json<{ entries: StaffAccessEntry[] }>().entries;
    expect(entries.map((entry) => entry.kind)).toEqual([
      'delivery_updated',
      'request_decided',
      'kyc_decided',
      'password_reset',
      'valuable_changed',
      'balance_changed',
    ]);
    expect(entries[0]).toMatchObject({ change: 'tracking', status: 'in_transit' });
    expect(entries[1]).toMatchObject({
      requestType: 'card_deposit',
      status: 'completed',
      amount: '25',
    });
    expect(entries[2]).toMatchObject({ decision: 'rejected' });
    expect(entries[4]).toMatchObject({
      change: 'added',
      itemName: 'Ring',
      itemType: 'jewelry',
      value: '1200.00',
    });
    expect(entries[5]).toMatchObject({ change: 'set', amount: '500.00' });
  });

  it('pages newest first with a cursor, and refuses a forged one', async () => {
    const customer = await createCustomer(t, { label: 'paged' });
    for (let i = 0; i < 5; i += 1) {
      clock.advance(minute);
      await writeAudit(t.ctx.db, {
        action: 'admin.password_reset',
        actorId: staff.userId,
        subjectUserId: customer.userId,
        at: clock.now(),
      });
    }
    const first = await staffAccess(customer.cookie, '?limit=2');
    const page1 = first.json<{ entries: StaffAccessEntry[]; nextCursor: string }>();
    expect(page1.entries).toHaveLength(2);
    const second = await staffAccess(
      customer.cookie,
      `?limit=2&cursor=${encodeURIComponent(page1.nextCursor)}`,
    );
    const page2 = second.json<{ entries: StaffAccessEntry[]; nextCursor: string }>();
    const third = await staffAccess(
      customer.cookie,
      `?limit=2&cursor=${encodeURIComponent(page2.nextCursor)}`,
    );
    const page3 = third.json<{ entries: StaffAccessEntry[]; nextCursor: string | null }>();
    expect(page3.nextCursor).toBeNull();
    const times = [...page1.entries, ...page2.entries, ...page3.entries].map((entry) => entry.at);
    expect(times).toHaveLength(5);
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set(times).size).toBe(5);

    const forged = Buffer.from(JSON.stringify(['2026-02-30T00:00:00.000000Z', 'x'])).toString(
      'base64url',
    );
    for (const cursor of [forged, 'bm90LWpzb24', 'W10']) {
      const res = await staffAccess(customer.cookie, `?cursor=${cursor}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    }
  });

  it('refuses a caller who is not signed in', async () => {
    const res = await call(t, 'GET', '/me/staff-access');
    expect(res.statusCode).toBe(401);
  });
});

describe('the email template', () => {
  it('says when, who by reference, where to look and whom to ask, in both languages', () => {
    const notice = {
      at: new Date('2026-11-21T09:05:00Z'),
      staffRef: '3F9A12C4',
      appUrl: 'https://vault.example',
    };
    const en = staffSignedInAsCustomer('en', notice);
    expect(en.text).toContain('Staff #3F9A12C4');
    expect(en.text).toContain('21 November 2026 at 09:05 UTC');
    expect(en.text).toContain('https://vault.example/settings/staff-access');
    const ar = staffSignedInAsCustomer('ar', notice);
    expect(ar.text).toContain('3F9A12C4');
    expect(ar.text).toContain('09:05');
    expect(ar.text).toContain('https://vault.example/contact');
  });
});
