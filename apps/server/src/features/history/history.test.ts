import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dec } from '@secure-vault/shared/money';
import type { HistoryEntry, HistoryPage } from '@secure-vault/shared/history';
import { call } from '../../test/auth-helpers.ts';
import { type Customer, createCustomer } from '../../test/customers.ts';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app.ts';
import { cashOf, journalOf, platformRoundingOf, swap, trade } from '../../test/trading.ts';
import { recordMovements } from '../../ledger/test-journal.ts';
import { groupMovements } from '@secure-vault/shared/history-movements';
import { moneyPost, verifiedCustomer } from '../../test/money-movements.ts';
import { csvItem, csvKind } from './csv-texts.ts';
import { wholeCents as csvCents } from '@secure-vault/shared/history-receipt';

const hour = 60 * 60_000;
const clock = manualClock(new Date('2026-11-01T09:00:00Z'));
let t: TestApp;
/**
 * 1 deposit, 40 buys, 19 sells and 1 swap, six hours apart from 1 November: 121 rows. The swap's
 * $0.00105 left over is under a cent, so it goes to the platform's rounding account, not to
 * the customer's cash (DESIGN §2), and the customer has no cash row for it.
 */
let busy: Customer;
let other: Customer;

beforeAll(async () => {
  t = await createTestApp({ clock });
  busy = await createCustomer(t, { cash: '10000' });
  for (let i = 0; i < 40; i++) {
    clock.advance(6 * hour);
    const res = await trade(t, busy, { side: 'buy', asset: i % 2 ? 'AU' : 'ETH', total: '10' });
    if (res.statusCode !== 201) throw new Error(res.body);
    if (i % 2 === 1 && i < 39) {
      clock.advance(6 * hour);
      await trade(t, busy, { side: 'sell', asset: 'AU', quantity: '1' });
    }
  }
  clock.advance(6 * hour);
  await swap(t, busy, { from: 'ETH', to: 'BTC', quantity: '0.001' });
  other = await createCustomer(t, { cash: '5' });
}, 120_000);
afterAll(() => t.close());

function history(caller: Customer, query = '') {
  return call(t, 'GET', `/me/history${query}`, undefined, { cookie: caller.cookie });
}

async function allPages(caller: Customer, query: string, limit: number) {
  const pages: HistoryPage[] = [];
  let cursor: string | null = null;
  do {
    const suffix: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const res = await history(caller, `?limit=${limit}${query}${suffix}`);
    expect(res.statusCode, res.body).toBe(200);
    const page: HistoryPage = res.json();
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor);
  return pages;
}

const newestFirst = (a: HistoryEntry, b: HistoryEntry) =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

describe('GET /me/history', () => {
  it('pages through every row, newest first, without repeats or gaps', async () => {
    const journal = await journalOf(t, busy.userId);
    expect(journal).toHaveLength(121);
    const pages = await allPages(busy, '', 50);
    expect(pages.map((p) => p.entries.length)).toEqual([50, 50, 21]);
    const entries = pages.flatMap((p) => p.entries);
    expect(new Set(entries.map((e) => e.id)).size).toBe(121);
    expect(entries).toEqual([...entries].sort(newestFirst));
    expect(entries.map((e) => e.id).sort()).toEqual(journal.map((r) => r.id).sort());
    // Rows of one trade share their time; the id breaks the tie across a page boundary too.
    const small = (await allPages(busy, '', 7)).flatMap((p) => p.entries);
    expect(small.map((e) => e.id)).toEqual(entries.map((e) => e.id));
  });

  it('shows each movement as the journal has it', async () => {
    const page: HistoryPage = (await history(busy, '?limit=2')).json();
    expect(page.entries.map((e) => [e.kind, e.assetSymbol, e.quantityDelta, e.valueDelta])).toEqual(
      expect.arrayContaining([
        // Dollars with their cents and any further digits they have; quantities as stored.
        ['swap_out', 'ETH', '-0.00100000', '-3.65'],
        ['swap_in', 'BTC', '0.00003173', '3.64895'],
      ]),
    );
    expect(new Set(page.entries.map((e) => e.reference)).size).toBe(1);
    expect(page.entries[0]?.createdAt).toBe('2026-11-16T09:00:00.000Z');
  });

  it('counts transactions over the date range, whatever the group', async () => {
    const summary = {
      total: 61,
      purchases: 40,
      sales: 19,
      swaps: 1,
      transfers: 0,
      depositsAndWithdrawals: 1,
      fixedTerms: 0,
      deliveries: 0,
      staffAdjustments: 0,
      rounding: 0,
      orders: 0,
    };
    expect((await history(busy)).json().summary).toEqual(summary);
    expect((await history(busy, '?group=sales&limit=1')).json().summary).toEqual(summary);
  });

  it('counts each transaction in one group, so the groups add up to the total', async () => {
    for (const query of ['', '?from=2026-11-03&to=2026-11-04', '?to=2026-11-16']) {
      const { total, ...groups } = (await history(busy, query)).json().summary as Record<
        string,
        number
      >;
      const sum = Object.values(groups).reduce((acc, count) => acc + count, 0);
      expect(sum, query).toBe(total);
    }
  });

  it.each([
    ['purchases', ['buy'], 80],
    ['sales', ['sell'], 38],
    ['swaps', ['swap_in', 'swap_out'], 2],
    ['depositsAndWithdrawals', ['deposit'], 1],
    ['transfers', [], 0],
  ] as const)('filters by group: %s', async (group, kinds, count) => {
    const entries = (await allPages(busy, `&group=${group}`, 200)).flatMap((p) => p.entries);
    expect(entries).toHaveLength(count);
    expect([...new Set(entries.map((e) => e.kind))].sort()).toEqual([...kinds].sort());
  });

  it('filters by whole UTC days, both ends included', async () => {
    const res = await history(busy, '?from=2026-11-03&to=2026-11-04&limit=200');
    const page: HistoryPage = res.json();
    const days = new Set(page.entries.map((e) => e.createdAt.slice(0, 10)));
    expect([...days].sort()).toEqual(['2026-11-03', '2026-11-04']);
    const inRange = (await journalOf(t, busy.userId)).filter((r) => {
      const day = r.createdAt.toISOString().slice(0, 10);
      return day >= '2026-11-03' && day <= '2026-11-04';
    });
    expect(page.entries).toHaveLength(inRange.length);
    expect(page.summary.total).toBeLessThan(61);
    expect(page.summary.total).toBeGreaterThan(0);
    expect((await history(busy, '?from=2027-01-01')).json()).toMatchObject({
      entries: [],
      nextCursor: null,
      summary: { total: 0, purchases: 0 },
    });
  });

  it('refuses a bad cursor, limit, group or date', async () => {
    for (const query of [
      '?cursor=nonsense',
      '?limit=0',
      '?limit=201',
      '?group=everything',
      '?from=2026-13-01',
      '?page=2',
    ]) {
      const res = await history(busy, query);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('refuses days outside 1900-01-01 … 2999-12-31 with the field named, in the list and the CSV', async () => {
    for (const [query, field] of [
      ['?from=0000-01-01', 'from'],
      ['?from=1899-12-31', 'from'],
      ['?to=3000-01-01', 'to'],
      ['?to=9999-12-31', 'to'],
    ] as const) {
      for (const path of ['/me/history', '/me/history.csv']) {
        const res = await call(t, 'GET', `${path}${query}`, undefined, { cookie: busy.cookie });
        expect(res.statusCode, `${path}${query}`).toBe(400);
        expect(res.json().error).toMatchObject({
          code: 'VALIDATION',
          issues: [{ path: `querystring.${field}`, message: 'history:errors.dateRange' }],
        });
      }
    }
    // The edges themselves are fine, and so is a reversed range: it is a filter nothing matches.
    for (const query of ['?from=1900-01-01&to=2999-12-31', '?from=2026-11-05&to=2026-11-04']) {
      for (const path of ['/me/history', '/me/history.csv']) {
        const res = await call(t, 'GET', `${path}${query}`, undefined, { cookie: busy.cookie });
        expect(res.statusCode, `${path}${query}`).toBe(200);
      }
    }
    const all = await history(busy, '?from=1900-01-01&to=2999-12-31');
    expect(all.json().summary.total).toBe(61);
    expect((await history(busy, '?from=2026-11-05&to=2026-11-04')).json().entries).toEqual([]);
  });

  it('refuses a cursor that is not a real position: its time a real instant in range, its id a uuid', async () => {
    const id = '0b6f3c8e-3d0a-4c57-9a35-2b0f1c0e7d11';
    const encode = (value: unknown) =>
      encodeURIComponent(Buffer.from(JSON.stringify(value)).toString('base64url'));
    for (const cursor of [
      encode(['9999-99-99T99:99:99Z', id]),
      encode(['9999-99-99T99:99:99.000000Z', id]),
      encode(['2026-02-30T00:00:00.000000Z', id]),
      encode(['2026-11-01T24:00:00.000000Z', id]),
      encode(['0000-01-01T00:00:00.000000Z', id]),
      encode(['3000-01-01T00:00:00.000000Z', id]),
      encode(['2026-11-01T00:00:00.000000Z', 'not-a-uuid']),
      encode(['2026-11-01T00:00:00.000000Z', id, 'extra']),
      encode({ at: '2026-11-01T00:00:00.000000Z', id }),
      encodeURIComponent('a\u0000b'),
      // A lone surrogate cannot be percent-encoded as UTF-8; these are the bytes it would be.
      '%ED%A0%80',
      'x'.repeat(201),
    ]) {
      const res = await history(busy, `?cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION',
        issues: [{ path: 'querystring.cursor', message: 'history:errors.cursorInvalid' }],
      });
    }
    // The last instant in range is a real position: everything is before it.
    const last = await history(busy, `?cursor=${encode(['2999-12-31T23:59:59.999999Z', id])}`);
    expect(last.statusCode).toBe(200);
    expect(last.json().entries).toHaveLength(50);
  });

  it("never shows another customer's rows", async () => {
    const page: HistoryPage = (await history(other)).json();
    expect(page.entries.map((e) => e.kind)).toEqual(['deposit']);
    expect(page.summary.total).toBe(1);
    // Not even through a cursor taken from someone else's history.
    const cursor = (await history(busy, '?limit=1')).json().nextCursor;
    const res = await history(other, `?cursor=${encodeURIComponent(cursor)}`);
    // The cursor only says where to start; what comes back is still only the other's own rows.
    const ownIds = new Set(page.entries.map((e) => e.id));
    const entries: HistoryEntry[] = res.json().entries;
    expect(entries.every((e) => ownIds.has(e.id))).toBe(true);
  });

  it('needs a session', async () => {
    expect((await call(t, 'GET', '/me/history')).statusCode).toBe(401);
    expect((await call(t, 'GET', '/me/history.csv')).statusCode).toBe(401);
  });
});

/** RFC 4180 parsing, enough to check our own output. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += char;
  }
  if (field !== '' || row.length > 0) throw new Error('CSV does not end with CRLF');
  return rows;
}

describe('GET /me/history.csv', () => {
  it('sends every matching row with a header, as an attachment', async () => {
    const res = await call(t, 'GET', '/me/history.csv', undefined, { cookie: busy.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="secure-vault-history-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([
      'Date',
      'Type',
      'Asset',
      'Item',
      'Quantity',
      'Amount (USD)',
      'Reference',
    ]);
    expect(rows).toHaveLength(122);
    const api = (await allPages(busy, '', 200)).flatMap((p) => p.entries);
    const legs = groupMovements(api).flatMap((movement) => movement.legs);
    expect(rows.slice(1)).toEqual(
      legs.map((e) => [
        e.createdAt,
        csvKind('en', e),
        e.assetSymbol ?? '',
        csvItem('en', e),
        e.quantityDelta ?? '',
        csvCents(e.valueDelta),
        e.reference ?? '',
      ]),
    );
    // Amounts in whole cents, as the page shows them; the cash rows add up to the cash held.
    expect(rows.slice(1).every((row) => /^-?\d+\.\d{2}$/.test(row[5]!))).toBe(true);
    const cashRows = rows.slice(1).filter((row) => row[2] === 'USD');
    const cash = cashRows.reduce((acc, row) => acc.plus(row[5]!), dec(0));
    expect(cash.toFixed(8)).toBe(await cashOf(t, busy.userId));
    // The journal's exact values plus the platform's rounding under their references: the deposit.
    const total = api.reduce((acc, e) => acc.plus(e.valueDelta), dec(0));
    const references = [...new Set(api.flatMap((e) => (e.reference ? [e.reference] : [])))];
    const rounding = await platformRoundingOf(t, references);
    expect(rounding.isZero()).toBe(false);
    expect(total.plus(rounding).toFixed(8)).toBe('10000.00000000');
  });

  it('names kinds and assets in the chosen language, and staff-named items as they were named', async () => {
    const csv = async (query: string, headers: Record<string, string> = {}) => {
      const res = await call(t, 'GET', `/me/history.csv${query}`, undefined, {
        cookie: busy.cookie,
        headers,
      });
      expect(res.statusCode).toBe(200);
      return parseCsv(res.body);
    };
    const rowOf = (rows: string[][], kind: string, asset: string) =>
      rows.find((row) => row[1] === kind && row[2] === asset);

    const english = await csv('?language=en');
    expect(rowOf(english, 'Purchase', 'AU')?.[3]).toBe('Gold');
    expect(rowOf(english, 'Purchase', 'USD')?.[3]).toBe('Cash');
    expect(rowOf(english, 'Swap (received)', 'BTC')?.[3]).toBe('Bitcoin');

    const arabic = await csv('?language=ar');
    expect(arabic[0]).toEqual([
      'التاريخ',
      'النوع',
      'الأصل',
      'البند',
      'الكمية',
      'المبلغ (دولار أمريكي)',
      'المرجع',
    ]);
    expect(rowOf(arabic, 'شراء', 'AU')?.[3]).toBe('الذهب');
    expect(rowOf(arabic, 'شراء', 'USD')?.[3]).toBe('النقد');
    expect(rowOf(arabic, 'مبادلة (مُستلَم)', 'BTC')?.[3]).toBe('بيتكوين');
    expect(arabic.flatMap((row) => row.slice(1, 4)).join(' ')).not.toMatch(
      /Gold|Cash|Ethereum|Bitcoin|Purchase|Sale|swap/,
    );

    // Without the parameter, the browser's language decides.
    expect((await csv('', { 'accept-language': 'ar-EG,en;q=0.5' }))[0]?.[1]).toBe('النوع');
    expect((await csv(''))[0]?.[1]).toBe('Type');
    const bad = await call(t, 'GET', '/me/history.csv?language=fr', undefined, {
      cookie: busy.cookie,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('takes the same filters', async () => {
    const res = await call(
      t,
      'GET',
      '/me/history.csv?group=sales&from=2026-11-02&to=2026-11-05',
      undefined,
      {
        cookie: busy.cookie,
      },
    );
    const rows = parseCsv(res.body).slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r[1]))).toEqual(new Set(['Sale']));
    expect(rows.every((r) => r[0]! >= '2026-11-02' && r[0]! < '2026-11-06')).toBe(true);
    const bad = await call(t, 'GET', '/me/history.csv?cursor=x', undefined, {
      cookie: busy.cookie,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('quotes commas, quotes and line breaks, and defuses formulas', async () => {
    const customer = await createCustomer(t);
    const names = ['Ring, "gold"', 'Two\r\nlines', '=HYPERLINK("http://x")', '-5 sign', 'Plain'];
    await t.ctx.db.transaction(async (tx) => {
      await recordMovements(
        tx,
        names.map((itemName, i) => ({
          userId: customer.userId,
          valuableId: null,
          assetSymbol: null,
          itemName,
          kind: 'admin_add' as const,
          quantityDelta: null,
          valueDelta: dec(-i),
          reference: null,
        })),
        clock.now(),
      );
    });
    const res = await call(t, 'GET', '/me/history.csv', undefined, { cookie: customer.cookie });
    expect(res.body).toContain('"Ring, ""gold"""');
    expect(res.body).toContain('"Two\r\nlines"');
    const items = parseCsv(res.body)
      .slice(1)
      .map((row) => row[3]);
    expect(items.sort()).toEqual([
      "'-5 sign",
      '\'=HYPERLINK("http://x")',
      'Plain',
      'Ring, "gold"',
      'Two\r\nlines',
    ]);
    const amounts = parseCsv(res.body)
      .slice(1)
      .map((row) => row[5]);
    expect(amounts).toContain('-4.00');
  });

  it('has one line per leg the history screen shows: a split-off part once, a trade at its price', async () => {
    const customer = await verifiedCustomer(t, { cash: '1000' });
    clock.advance(hour);
    const buy = await trade(t, customer, { side: 'buy', asset: 'AU', quantity: '1234.567' });
    expect(buy.statusCode, buy.body).toBe(201);
    const paid = buy.json<{ total: string }>().total;
    const gold = (await journalOf(t, customer.userId)).find(
      (row) => row.kind === 'buy' && row.assetSymbol === 'AU',
    );
    clock.advance(hour);
    const delivery = await moneyPost(t, customer, '/me/deliveries', {
      valuableId: gold!.valuableId,
      quantity: '1000',
      recipientName: 'Layla Haddad',
      recipientEmail: 'layla@example.com',
      recipientPhone: '+971501234567',
      recipientAddress: 'Villa 12, Dubai',
    });
    expect(delivery.statusCode, delivery.body).toBe(201);

    const res = await call(t, 'GET', '/me/history.csv', undefined, { cookie: customer.cookie });
    const rows = parseCsv(res.body).slice(1);
    // The journal has two delivery rows (−1000 mg off the position, +1000 mg set aside).
    const journal = await journalOf(t, customer.userId);
    expect(journal.filter((row) => row.kind === 'delivery')).toHaveLength(2);
    expect(rows.filter((row) => row[1] === 'Delivery')).toEqual([
      [expect.any(String), 'Delivery', 'AU', 'Gold', '0', '0.00', expect.any(String)],
    ]);
    // The order, the cash line and the gold line say the same amount.
    const purchase = rows.filter((row) => row[1] === 'Purchase');
    expect(purchase.map((row) => [row[2], row[5]])).toEqual([
      ['AU', dec(paid).toFixed(2)],
      ['USD', dec(paid).negated().toFixed(2)],
    ]);
    expect(dec(gold!.valueDelta).toFixed(2)).not.toBe(dec(paid).toFixed(2));
  });

  it("holds only the caller's rows", async () => {
    const res = await call(t, 'GET', '/me/history.csv', undefined, { cookie: other.cookie });
    expect(parseCsv(res.body)).toHaveLength(2);
  });
});
