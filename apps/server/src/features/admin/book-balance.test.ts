// Four eyes on a book balance (DESIGN §5, issue 15): one staff member records an amount, it is
// "Pending approval", and only another staff member can approve it (credited to cash once, in
// one journaled movement) or reject it (cleared, nothing moves). Every step is audited; a
// double approval, even at once from two staff members, credits once.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, profiles } from '../../db/schema.ts';
import { ledgerEntries } from '../../db/vault-schema.ts';
import { sessionCookieName } from '../../auth/sessions.ts';
import { randomIp } from '../../test/auth-helpers.ts';
import { createCustomer, type Customer } from '../../test/customers.ts';
import { createStaffMember } from '../../test/money-movements.ts';
import { createTestApp, dbKind, jsonHeaders, type TestApp } from '../../test/test-app.ts';
import { valuablesOf } from '../../test/trading.ts';

let t: TestApp;
let recorder: Customer;
let approver: Customer;
beforeAll(async () => {
  t = await createTestApp();
  recorder = await createStaffMember(t);
  approver = await createStaffMember(t);
});
afterAll(() => t.close());

/** A staff call as the admin panel makes it: JSON, CSRF header, session and a fresh key. */
function asStaff(
  staff: Customer,
  method: 'PUT' | 'POST',
  url: string,
  body: unknown,
  key: string = randomUUID(),
) {
  return t.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: {
      ...jsonHeaders,
      cookie: `${sessionCookieName}=${staff.cookie}`,
      'idempotency-key': key,
    },
    body: JSON.stringify(body),
    remoteAddress: randomIp(),
  });
}

const record = (staff: Customer, userId: string, bookBalance: string) =>
  asStaff(staff, 'PUT', `/users/${userId}/book-balance`, { bookBalance });
const decide = (
  staff: Customer,
  userId: string,
  decision: 'approve' | 'reject',
  amount: string,
  key?: string,
) => asStaff(staff, 'POST', `/users/${userId}/book-balance/${decision}`, { amount }, key);

async function pendingOf(userId: string) {
  const [row] = await t.ctx.db
    .select({
      bookBalance: profiles.bookBalance,
      recordedBy: profiles.bookBalanceRecordedBy,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row;
}

async function cashOf(userId: string): Promise<string | null> {
  const cash = (await valuablesOf(t, userId)).find((row) => row.assetSymbol === 'USD');
  return cash ? Number(cash.estimatedValue).toFixed(2) : null;
}

async function journalOf(userId: string) {
  return t.ctx.db
    .select({ kind: ledgerEntries.kind, valueDelta: ledgerEntries.valueDelta })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'book_balance')));
}

async function auditOf(userId: string, action: string) {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectUserId, userId), eq(auditLog.action, action)));
}

describe('recording a book balance', () => {
  it('keeps it pending with its recorder, shows the recorder to staff, and moves nothing', async () => {
    const customer = await createCustomer(t);
    const res = await record(recorder, customer.userId, '500.25');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ bookBalance: '500.25' });
    expect(await pendingOf(customer.userId)).toEqual({
      bookBalance: '500.25',
      recordedBy: recorder.userId,
    });
    expect(await cashOf(customer.userId)).toBeNull();

    const users = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/users',
      headers: { cookie: `${sessionCookieName}=${approver.cookie}` },
    });
    const rows: { userId: string }[] = users.json();
    const row = rows.find((u) => u.userId === customer.userId);
    expect(row).toMatchObject({
      bookBalance: '500.25',
      bookBalanceRecordedBy: { id: recorder.userId, email: recorder.email },
    });
    expect((await auditOf(customer.userId, 'admin.book_balance_set')).length).toBe(1);
  });

  it('recording 0 clears what was pending and its recorder', async () => {
    const customer = await createCustomer(t);
    await record(recorder, customer.userId, '40');
    expect((await record(approver, customer.userId, '0')).statusCode).toBe(200);
    expect(await pendingOf(customer.userId)).toEqual({ bookBalance: '0.00', recordedBy: null });
    expect((await decide(recorder, customer.userId, 'approve', '0')).statusCode).toBe(409);
  });

  it('is refused without an Idempotency-Key, and changes nothing', async () => {
    const customer = await createCustomer(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${customer.userId}/book-balance`,
      headers: { ...jsonHeaders, cookie: `${sessionCookieName}=${recorder.cookie}` },
      body: JSON.stringify({ bookBalance: '10' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'IDEMPOTENCY_KEY_REQUIRED' } });
    expect((await pendingOf(customer.userId))?.bookBalance).toBe('0');
  });
});

describe('approving a book balance', () => {
  it('by another staff member credits it to cash once, journaled, and clears it', async () => {
    const customer = await createCustomer(t);
    await record(recorder, customer.userId, '500.25');
    const res = await decide(approver, customer.userId, 'approve', '500.25');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      userId: customer.userId,
      decision: 'approved',
      amount: '500.25',
      cash: '500.25',
    });
    expect(await cashOf(customer.userId)).toBe('500.25');
    expect(await pendingOf(customer.userId)).toEqual({ bookBalance: '0', recordedBy: null });
    const journal = await journalOf(customer.userId);
    expect(journal.map((row) => Number(row.valueDelta))).toEqual([500.25]);
    const [audit] = await auditOf(customer.userId, 'admin.book_balance_approved');
    expect(audit).toMatchObject({
      actorId: approver.userId,
      details: { amount: '500.25', recordedBy: recorder.userId },
    });
  });

  it('adds to cash the customer already has', async () => {
    const customer = await createCustomer(t);
    await record(recorder, customer.userId, '100');
    await decide(approver, customer.userId, 'approve', '100');
    await record(approver, customer.userId, '0.10');
    const res = await decide(recorder, customer.userId, 'approve', '0.10');
    expect(res.json()).toMatchObject({ cash: '100.10' });
    expect(await cashOf(customer.userId)).toBe('100.10');
  });

  it('is refused to the staff member who recorded it, and nothing moves', async () => {
    const customer = await createCustomer(t);
    await record(recorder, customer.userId, '900');
    for (const decision of ['approve', 'reject'] as const) {
      const res = await decide(recorder, customer.userId, decision, '900');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    }
    expect(await cashOf(customer.userId)).toBeNull();
    expect(await pendingOf(customer.userId)).toEqual({
      bookBalance: '900.00',
      recordedBy: recorder.userId,
    });
  });

  it('is refused on your own account, even when another staff member recorded it', async () => {
    await record(recorder, approver.userId, '1000');
    const res = await decide(approver, approver.userId, 'approve', '1000');
    expect(res.statusCode).toBe(403);
    expect(await cashOf(approver.userId)).toBeNull();
    await record(recorder, approver.userId, '0');
  });

  it('is refused when the amount named is not the one pending (recorded again meanwhile)', async () => {
    const customer = await createCustomer(t);
    await record(recorder, customer.userId, '50');
    await record(recorder, customer.userId, '5000');
    const res = await decide(approver, customer.userId, 'approve', '50');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('5000.00');
    expect(await cashOf(customer.userId)).toBeNull();
    // "50" and "50.00" name the same amount.
    await record(recorder, customer.userId, '50');
    expect((await decide(approver, customer.userId, 'approve', '50.00')).statusCode).toBe(200);
  });

  it('is refused when nothing is pending, and for a customer that does not exist', async () => {
    const customer = await createCustomer(t);
    expect((await decide(approver, customer.userId, 'approve', '1')).statusCode).toBe(409);
    expect((await decide(approver, randomUUID(), 'approve', '1')).statusCode).toBe(404);
  });

  it('is refused to customers', async () => {
    const customer = await createCustomer(t);
    const other = await createCustomer(t);
    await record(recorder, other.userId, '10');
    const res = await decide(customer, other.userId, 'approve', '10');
    expect(res.statusCode).toBe(403);
    expect(await cashOf(other.userId)).toBeNull();
  });

  it('a negative amount debits cash, and is refused when the cash does not cover it', async () => {
    const customer = await createCustomer(t);
    await record(recorder, customer.userId, '-20');
    const refused = await decide(approver, customer.userId, 'approve', '-20');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: { code: 'INSUFFICIENT_CASH' } });
    expect((await pendingOf(customer.userId))?.bookBalance).toBe('-20.00');
    await record(recorder, customer.userId, '30');
    await decide(approver, customer.userId, 'approve', '30');
    await record(recorder, customer.userId, '-20');
    expect((await decide(approver, customer.userId, 'approve', '-20')).json()).toMatchObject({
      cash: '10.00',
    });
  });

  it('repeated with its Idempotency-Key answers the same and credits once', async () => {
    const customer = await createCustomer(t);
    await record(recorder, customer.userId, '75');
    const key = randomUUID();
    const first = await decide(approver, customer.userId, 'approve', '75', key);
    const again = await decide(approver, customer.userId, 'approve', '75', key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await cashOf(customer.userId)).toBe('75.00');
    expect((await journalOf(customer.userId)).length).toBe(1);
  });

  it('twice at once by two staff members credits once; the other finds nothing pending', async () => {
    const rounds = dbKind === 'postgres' ? 6 : 1;
    const third = await createStaffMember(t);
    for (let round = 0; round < rounds; round += 1) {
      const customer = await createCustomer(t);
      await record(recorder, customer.userId, '250');
      const answers = await Promise.all([
        decide(approver, customer.userId, 'approve', '250'),
        decide(third, customer.userId, 'approve', '250'),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      expect(await cashOf(customer.userId)).toBe('250.00');
      expect((await journalOf(customer.userId)).length).toBe(1);
      expect((await auditOf(customer.userId, 'admin.book_balance_approved')).length).toBe(1);
    }
  });
});

describe('rejecting a book balance', () => {
  it('by another staff member clears it, credits nothing, and is audited', async () => {
    const customer = await createCustomer(t);
    await record(recorder, customer.userId, '310');
    const res = await decide(approver, customer.userId, 'reject', '310');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      userId: customer.userId,
      decision: 'rejected',
      amount: '310.00',
      cash: null,
    });
    expect(await cashOf(customer.userId)).toBeNull();
    expect(await pendingOf(customer.userId)).toEqual({ bookBalance: '0', recordedBy: null });
    expect((await auditOf(customer.userId, 'admin.book_balance_rejected')).length).toBe(1);
    expect((await decide(approver, customer.userId, 'approve', '310')).statusCode).toBe(409);
  });
});
