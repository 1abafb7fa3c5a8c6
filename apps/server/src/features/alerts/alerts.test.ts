// Price alerts as a customer meets them: set above or below an asset's sell price, told once —
// in the notification centre and by email, in their language — when the book reaches the level,
// and never again; refused when the book is already past it; their own only. Two processes
// looking at the same new price fire each alert once. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { priceAlertListSchema, priceAlertSchema } from '@secure-vault/shared/alerts';
import { findAsset } from '@secure-vault/shared/catalogue';
import { recordPrice } from '../../prices/book.ts';
import { fireAlerts } from '../../prices/alerts.ts';
import { call, lastMail, mailCount } from '../../test/auth-helpers.ts';
import { createCustomer, type Customer } from '../../test/customers.ts';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app.ts';

// After the opening book was written (when the run's template database was migrated).
const clock = manualClock(new Date(Date.now() + 60_000));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

async function price(symbol: string, sell: string) {
  const asset = findAsset(symbol);
  if (!asset) throw new Error(symbol);
  clock.advance(1000);
  await recordPrice(t.ctx.database, { asset, buy: sell, sell, source: 'feed', at: clock.now() });
}

const setAlert = (customer: Customer, body: unknown) =>
  call(t, 'POST', '/me/price-alerts', body, { cookie: customer.cookie });

async function alertsOf(customer: Customer) {
  const res = await call(t, 'GET', '/me/price-alerts', undefined, { cookie: customer.cookie });
  expect(res.statusCode).toBe(200);
  return priceAlertListSchema.parse(res.json()).items;
}

async function noticesOf(customer: Customer) {
  const res = await call(t, 'GET', '/me/notifications', undefined, { cookie: customer.cookie });
  expect(res.statusCode).toBe(200);
  return res.json<{
    items: { kind: string; title: string; body: string[]; link: string | null }[];
  }>().items;
}

describe('a price alert', () => {
  let customer: Customer;
  beforeAll(async () => {
    customer = await createCustomer(t);
  });

  it('waits until the sell price reaches its level, then fires once, in the centre and by email', async () => {
    const res = await setAlert(customer, { symbol: 'eth', direction: 'above', price: '3800' });
    expect(res.statusCode, res.body).toBe(201);
    const alert = priceAlertSchema.parse(res.json());
    expect(alert).toMatchObject({
      symbol: 'ETH',
      direction: 'above',
      price: '3800',
      firedAt: null,
    });
    const mails = await mailCount(t, customer.email);

    await price('ETH', '3799.99');
    // Not yet: the watch looked and found nothing to fire.
    expect(await fireAlerts(t.ctx.database, t.ctx.config.appUrl, clock.now())).toBe(0);
    expect((await alertsOf(customer))[0]?.firedAt).toBeNull();

    await price('ETH', '3812.5');
    // The process heard of the new price and fired it.
    await vi.waitFor(async () => {
      expect((await alertsOf(customer))[0]).toMatchObject({ firedPrice: '3812.5' });
    });
    await vi.waitFor(async () => expect(await mailCount(t, customer.email)).toBe(mails + 1));
    const [notice] = await noticesOf(customer);
    expect(notice).toMatchObject({ kind: 'price_alert', link: '/crypto/ETH' });
    expect(notice?.title).toBe('Price alert: Ethereum');
    expect(notice?.body.join(' ')).toContain('$3,800 per unit');
    expect(notice?.body.join(' ')).toContain('$3,812.5 per unit');

    // Once: a higher price later fires nothing more.
    await price('ETH', '3900');
    expect(await fireAlerts(t.ctx.database, t.ctx.config.appUrl, clock.now())).toBe(0);
    expect(await mailCount(t, customer.email)).toBe(mails + 1);
  });

  it('fires below a level too, worded per mg for a metal and in Arabic when asked', async () => {
    // Set from an Arabic page: its email is written in Arabic.
    const res = await call(
      t,
      'POST',
      '/me/price-alerts',
      { symbol: 'AU', direction: 'below', price: '0.05' },
      { cookie: customer.cookie, headers: { 'accept-language': 'ar' } },
    );
    expect(res.statusCode, res.body).toBe(201);
    await price('AU', '0.049');
    await vi.waitFor(async () => {
      const gold = (await alertsOf(customer)).find((a) => a.symbol === 'AU');
      expect(gold?.firedPrice).toBe('0.049');
    });
    const arabic = await call(t, 'GET', '/me/notifications', undefined, {
      cookie: customer.cookie,
      headers: { 'accept-language': 'ar' },
    });
    const [notice] = arabic.json<{ items: { title: string; body: string[]; link: string }[] }>()
      .items;
    expect(notice?.title).toBe('تنبيه سعر: الذهب');
    expect(notice?.body.join(' ')).toContain('لكل ملغ');
    expect(notice?.link).toBe('/metal-calculator/au');
    await vi.waitFor(async () => {
      const mail = await lastMail(t, customer.email);
      expect(mail?.subject).toBe('تنبيه سعر: الذهب — Secure Vault');
    });
  });

  it('is refused when the book is already past its level, on the price field', async () => {
    const above = await setAlert(customer, { symbol: 'BTC', direction: 'above', price: '100000' });
    expect(above.statusCode).toBe(400);
    expect(above.json().error.issues).toEqual([
      { path: 'body.price', message: 'trading:alerts.errors.alreadyAbove' },
    ]);
    const below = await setAlert(customer, { symbol: 'BTC', direction: 'below', price: '120000' });
    expect(below.json().error.issues).toEqual([
      { path: 'body.price', message: 'trading:alerts.errors.alreadyBelow' },
    ]);
  });

  it.each([
    ['no level', { symbol: 'BTC', direction: 'above' }],
    ['a level of zero', { symbol: 'BTC', direction: 'above', price: '0' }],
    ['more than 8 decimals', { symbol: 'BTC', direction: 'above', price: '1.123456789' }],
    ['markup', { symbol: 'BTC', direction: 'above', price: '<b>1</b>' }],
    ['no direction', { symbol: 'BTC', price: '200000' }],
    ['a direction it does not know', { symbol: 'BTC', direction: 'sideways', price: '200000' }],
    ['cash', { symbol: 'USD', direction: 'above', price: '2' }],
    ['an unknown asset', { symbol: 'NOPE', direction: 'above', price: '2' }],
  ])('refuses %s', async (_name, body) => {
    const before = (await alertsOf(customer)).length;
    const res = await setAlert(customer, body);
    expect([400, 404]).toContain(res.statusCode);
    expect(['VALIDATION', 'UNKNOWN_ASSET']).toContain(res.json().error.code);
    expect(await alertsOf(customer)).toHaveLength(before);
  });

  it('is the customer’s own: another customer neither sees nor removes it', async () => {
    const res = await setAlert(customer, { symbol: 'BTC', direction: 'above', price: '130000' });
    const id = priceAlertSchema.parse(res.json()).id;
    const other = await createCustomer(t);
    expect(await alertsOf(other)).toEqual([]);
    const taken = await call(t, 'DELETE', `/me/price-alerts/${id}`, undefined, {
      cookie: other.cookie,
    });
    expect(taken.statusCode).toBe(404);
    expect((await alertsOf(customer)).some((a) => a.id === id)).toBe(true);
    const removed = await call(t, 'DELETE', `/me/price-alerts/${id}`, undefined, {
      cookie: customer.cookie,
    });
    expect(removed.statusCode).toBe(204);
    expect((await alertsOf(customer)).some((a) => a.id === id)).toBe(false);
    expect((await call(t, 'GET', '/me/price-alerts')).statusCode).toBe(401);
  });

  it('waits 50 at a time at most', async () => {
    const busy = await createCustomer(t);
    const made = await Promise.all(
      Array.from({ length: 51 }, (_, i) =>
        setAlert(busy, { symbol: 'DOGE', direction: 'above', price: `${1 + i}` }),
      ),
    );
    expect(made.filter((res) => res.statusCode === 201)).toHaveLength(50);
    const refused = made.find((res) => res.statusCode === 400);
    expect(refused?.json().error.issues).toEqual([
      { path: 'body.price', message: 'trading:alerts.errors.tooMany' },
    ]);
  });
});

describe('two processes looking at once', () => {
  it('fire each alert once', async () => {
    const customers = await Promise.all(Array.from({ length: 5 }, () => createCustomer(t)));
    for (const customer of customers) {
      expect(
        (await setAlert(customer, { symbol: 'VET', direction: 'above', price: '0.03' })).statusCode,
      ).toBe(201);
    }
    // Written straight to the book, with no notice: the two looks below are the only ones.
    clock.advance(1000);
    await t.ctx.database.query(
      {
        name: 'test_alert_price',
        text: `insert into asset_prices (symbol, buy, sell, effective_at, source)
          values ('VET', 0.031, 0.031, $1, 'feed')`,
      },
      [clock.now()],
    );
    const looks = await Promise.all([
      fireAlerts(t.ctx.database, t.ctx.config.appUrl, clock.now()),
      fireAlerts(t.ctx.database, t.ctx.config.appUrl, clock.now()),
    ]);
    // Another look (this process's watch, after an earlier price) may take some: never twice.
    expect(looks[0] + looks[1]).toBeLessThanOrEqual(5);
    for (const customer of customers) {
      const notices = (await noticesOf(customer)).filter((n) => n.kind === 'price_alert');
      expect(notices).toHaveLength(1);
    }
  });
});
