// The access matrix: every registered operation × every kind of caller that must be refused ×
// the many ways a client can spell its URL, sent as raw HTTP so nothing normalises them. Built
// from the routes the app registers, so a new route is covered the day it lands (and a new
// path parameter fails here until the matrix knows whose id to put in it).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycDocuments, kycVerifications } from '../db/kyc-schema.ts';
import { bankAccounts, transfers } from '../db/banking-schema.ts';
import { deliveries } from '../db/custody-schema.ts';
import { notifications } from '../db/notifications-schema.ts';
import { limitOrders } from '../db/orders-schema.ts';
import { PasskeyAuthenticator } from '../test/passkey-authenticator.ts';
import { staffProposals } from '../db/approvals-schema.ts';
import { mailQueue, profiles, sessions } from '../db/schema.ts';
import { ledgerEntries, valuables } from '../db/vault-schema.ts';
import { call, enableTwoFactor, grantAdmin } from '../test/auth-helpers.ts';
import { valuableIdOf } from '../test/approvals.ts';
import { createCustomer, type Customer, openSession } from '../test/customers.ts';
import { rawRequest, type RawResponse } from '../test/raw-http.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { cashOf } from '../test/trading.ts';
import { type AnyMethod, keyedApi } from '../test/vault.ts';
import { type RegisteredRoute, routeTable } from './access.ts';
import { changesState } from './csrf.ts';

let t: TestApp;
let port: number;
let owner: Customer;
let otherCustomer: Customer;
/** Staff whose account has no two-factor at all. */
let staffWithout2fa: string;
/** Staff whose account has two-factor on, in a session that signed in with the password only. */
let staffPasswordOnly: string;
/** Staff in the session where two-factor was turned on: the positive control. */
let staff: string;
/** The owner's ids, put into path parameters. */
const ownerIds: Record<string, string> = {};
/** Another staff member (two-factor on), who recorded the owner's pending book balance. */
let recorder: Customer;
/** The owner's book balance pending approval: its proposal is what the decision routes name. */
const pendingBookBalance = '1500.25';

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;

  owner = await createCustomer(t, { cash: '1000.00', label: 'owner' });
  otherCustomer = await createCustomer(t, { label: 'other' });
  const [valuable] = await t.ctx.db
    .insert(valuables)
    .values({
      userId: owner.userId,
      itemName: 'Grandmother’s ring',
      itemType: 'jewelry',
      estimatedValue: '2500.00',
      dateStored: t.ctx.clock.now(),
    })
    .returning({ id: valuables.id });
  const [session] = await t.ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, owner.userId));
  ownerIds.users = owner.userId;
  ownerIds.valuables = valuable?.id ?? '';
  ownerIds.sessions = session?.id ?? '';
  const [document] = await t.ctx.db
    .insert(kycDocuments)
    .values({
      userId: owner.userId,
      side: 'front',
      name: 'passport.png',
      size: 1,
      mediaType: 'image/png',
      storageKey: `access-matrix/${randomUUID()}`,
    })
    .returning({ id: kycDocuments.id });
  ownerIds.documents = document?.id ?? '';
  // A message to the owner that the mailer gave up: what staff's resend names.
  const [mail] = await t.ctx.db
    .insert(mailQueue)
    .values({
      to: owner.email,
      subject: 'Your verification code',
      text: 'Hello',
      attempts: 1,
      nextAttemptAt: t.ctx.clock.now(),
      givenUpAt: t.ctx.clock.now(),
      lastError: 'mail to 0123456789ab was not sent (550)',
    })
    .returning({ id: mailQueue.id });
  ownerIds.mail = mail?.id ?? '';
  const [bankAccount] = await t.ctx.db
    .insert(bankAccounts)
    .values({
      userId: owner.userId,
      bankName: 'Emirates NBD',
      accountName: 'Owner',
      accountNumber: '1012345678901',
      iban: 'GB82WEST12345698765432',
      swiftCode: 'NWBKGB2L',
      branch: 'Dubai Mall',
    })
    .returning({ id: bankAccounts.id });
  ownerIds['bank-accounts'] = bankAccount?.id ?? '';
  // A pending withdrawal of the owner's (approved KYC, to that bank account): the request the
  // customer's cancel and staff's decision name by id.
  await t.ctx.db
    .insert(kycVerifications)
    .values({ userId: owner.userId, status: 'approved', decidedAt: t.ctx.clock.now() });
  const withdrawal = await call(
    t,
    'POST',
    '/me/withdrawals',
    { bankAccountId: ownerIds['bank-accounts'], amount: '200.00' },
    { cookie: owner.cookie, headers: { 'idempotency-key': randomUUID() } },
  );
  if (withdrawal.statusCode !== 201) throw new Error(`withdrawal: ${withdrawal.body}`);
  ownerIds.withdrawals = withdrawal.json<{ id: string }>().id;
  // A row of the owner's journal: what a receipt of their history names by id.
  const [movement] = await t.ctx.db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, owner.userId));
  ownerIds.history = movement?.id ?? '';
  // A pending bank-transfer deposit of the owner's: what reading its bank details again names.
  const bankDeposit = await call(
    t,
    'POST',
    '/me/deposits/bank',
    { amount: '300.00' },
    { cookie: owner.cookie, headers: { 'idempotency-key': randomUUID() } },
  );
  if (bankDeposit.statusCode !== 201) throw new Error(`bank deposit: ${bankDeposit.body}`);
  ownerIds.bank = bankDeposit.json<{ id: string }>().id;
  // A price alert of the owner's: what removing one names.
  const alert = await call(
    t,
    'POST',
    '/me/price-alerts',
    { symbol: 'BTC', direction: 'above', price: '200000' },
    { cookie: owner.cookie },
  );
  if (alert.statusCode !== 201) throw new Error(`price alert: ${alert.body}`);
  ownerIds['price-alerts'] = alert.json<{ id: string }>().id;
  // A recurring buy of the owner's: what pausing, resuming and cancelling one name.
  const plan = await call(
    t,
    'POST',
    '/me/recurring-buys',
    { symbol: 'BTC', amount: '25', frequency: 'weekly', day: 1 },
    { cookie: owner.cookie },
  );
  if (plan.statusCode !== 201) throw new Error(`recurring buy: ${plan.body}`);
  ownerIds['recurring-buys'] = plan.json<{ id: string }>().id;
  // An open limit order of the owner's, far below the book: what cancelling one names.
  const order = await call(
    t,
    'POST',
    '/me/orders',
    { symbol: 'BTC', side: 'buy', quantity: '0.001', limitPrice: '1000', goodUntil: null },
    { cookie: owner.cookie, headers: { 'idempotency-key': randomUUID() } },
  );
  if (order.statusCode !== 201) throw new Error(`limit order: ${order.body}`);
  ownerIds.orders = order.json<{ id: string }>().id;
  // A recipient the owner saved (the other customer): what renaming and removing one name.
  const saved = await call(
    t,
    'POST',
    '/me/recipients',
    { accountNumber: otherCustomer.accountNumber, nickname: 'Other' },
    { cookie: owner.cookie },
  );
  if (saved.statusCode !== 201) throw new Error(`saved recipient: ${saved.body}`);
  ownerIds.recipients = saved.json<{ id: string }>().id;
  // A notice of the owner's (their withdrawal's): what marking one read names by id.
  const [notice] = await t.ctx.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.userId, owner.userId))
    .limit(1);
  ownerIds.notifications = notice?.id ?? '';
  // A passkey of the owner's: what removing one names.
  const options = await call(t, 'POST', '/me/passkeys/options', undefined, {
    cookie: owner.cookie,
  });
  const passkey = await call(
    t,
    'POST',
    '/me/passkeys',
    { name: 'Owner laptop', credential: new PasskeyAuthenticator().create(options.json().options) },
    { cookie: owner.cookie },
  );
  if (passkey.statusCode !== 201) throw new Error(`passkey: ${passkey.body}`);
  ownerIds.passkeys = passkey.json<{ id: string }>().id;
  // A pending delivery of the owner's: what the customer's cancel and staff's status and
  // tracking routes name by id.
  const [silver] = await t.ctx.db
    .insert(valuables)
    .values({
      userId: owner.userId,
      itemName: 'Silver candlesticks',
      itemType: 'collectibles',
      estimatedValue: '300.00',
      dateStored: t.ctx.clock.now(),
    })
    .returning({ id: valuables.id });
  ownerIds.deliveryItem = silver?.id ?? '';
  const delivery = await call(
    t,
    'POST',
    '/me/deliveries',
    {
      valuableId: ownerIds.deliveryItem,
      recipientName: 'Owner',
      recipientEmail: owner.email,
      recipientPhone: '+971501234567',
      recipientAddress: '1 Palm Street, Dubai',
    },
    { cookie: owner.cookie, headers: { 'idempotency-key': randomUUID() } },
  );
  if (delivery.statusCode !== 201) throw new Error(`delivery: ${delivery.body}`);
  ownerIds.deliveries = delivery.json<{ id: string }>().id;

  const plainStaff = await createCustomer(t, { label: 'staff-no-2fa' });
  await grantAdmin(t, plainStaff.userId);
  staffWithout2fa = plainStaff.cookie;
  const member = await createCustomer(t, { label: 'staff' });
  await grantAdmin(t, member.userId);
  staffPasswordOnly = await openSession(t, member.userId);
  await enableTwoFactor(t, member.cookie);
  staff = member.cookie;
  // A book balance of the owner's pending approval, recorded by a staff member other than the
  // one whose calls must get through: its proposal is what the approve, reject and withdraw
  // routes name.
  recorder = await createCustomer(t, { label: 'recorder' });
  await grantAdmin(t, recorder.userId);
  await enableTwoFactor(t, recorder.cookie);
  const recorded = await keyedApi(
    t,
    'PUT',
    `/admin/users/${owner.userId}/book-balance`,
    { bookBalance: pendingBookBalance },
    recorder.cookie,
  );
  if (recorded.statusCode !== 202) throw new Error(`book balance: ${recorded.body}`);
  ownerIds.proposals = recorded.json<{ id: string }>().id;
}, 60_000);
afterAll(() => t.close());

function ownerId(collection: string, url: string): string {
  const id = ownerIds[collection];
  if (!id) throw new Error(`access matrix: whose id goes in ${url}? Add it above.`);
  return id;
}

/** The route's path with the owner's ids (or a harmless value) in its parameters. */
function concretePath(route: RegisteredRoute): string {
  const path = route.url
    // Transfer Management names a request by its type and id: the owner's pending withdrawal.
    .replace('/:type/:id/', () => `/withdrawal/${ownerId('withdrawals', route.url)}/`)
    .replace(/\/([^/]+)\/:(\w+)/g, (_, collection: string, param: string) => {
      if (param === 'id') return `/${collection}/${ownerId(collection, route.url)}`;
      if (param === 'symbol') return `/${collection}/AU`;
      // A month's statement: the caller's own, whoever calls (there is no id to swap).
      if (param === 'file') return `/${collection}/2026-11.pdf`;
      // Staff routes about one customer (KYC review): the owner.
      if (param === 'userId') return `/${collection}/${owner.userId}`;
      throw new Error(`access matrix: unknown parameter :${param} in ${route.url}`);
    });
  if (path.includes('/:')) throw new Error(`access matrix: a parameter is left in ${path}`);
  return path;
}

/** Operations whose body is required (a rejection's reason): a valid one, so a refusal is never just a bad body. */
const requiredBodies: Record<string, () => unknown> = {
  '/api/v1/admin/proposals/:id/reject': () => ({ reason: 'Not confirmed' }),
  '/api/v1/me/recipients/:id': () => ({ nickname: 'Renamed' }),
};

/** Operations whose query is required: a valid one, for the callers that must get through. */
const requiredQueries: Record<string, () => string> = {
  '/api/v1/transfers/recipient': () => `?accountNumber=${otherCustomer.accountNumber}`,
};

const encodeChar = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

/** The ways to write the same path that a router might still match. */
function urlForms(path: string): string[] {
  const segments = path.split('/');
  const forms = new Set<string>([path]);
  // Each segment with its first letter, and with its last letter, percent-encoded.
  segments.forEach((segment, i) => {
    if (!/[a-z]/i.test(segment)) return;
    const first = segment.search(/[a-z]/i);
    const last = segment.length - 1 - [...segment].reverse().join('').search(/[a-z]/i);
    for (const at of [first, last]) {
      const copy = [...segments];
      copy[i] = segment.slice(0, at) + encodeChar(segment.charAt(at)) + segment.slice(at + 1);
      forms.add(copy.join('/'));
    }
  });
  forms.add(path.replace('/api/', `/${[...'api'].map(encodeChar).join('')}/`));
  forms.add(`http://x${path}`);
  forms.add(`http://127.0.0.1:${port}${path}`);
  forms.add(`/${path}`);
  forms.add(path.replace('/v1/', '//v1/'));
  forms.add(`${path}/`);
  forms.add(`${path}//`);
  forms.add(path.replace('/api/', '/API/'));
  forms.add(path.replace(/\/([a-z])/g, (_, c: string) => `/${c.toUpperCase()}`));
  forms.add(path.replace('/api/v1/', '/api/v1/./'));
  forms.add(path.replace('/api/v1/', '/api/x/../v1/'));
  forms.add(path.replace('/api/v1/', '/api/v1/%2e/'));
  forms.add(path.replace('/api/', '/api%2F'));
  forms.add(`${path};x=1`);
  forms.add(`${path}?x=1`);
  forms.add(`${path}#x`);
  forms.add(`${path}%00`);
  return [...forms];
}

function send(route: RegisteredRoute, target: string, cookie?: string): Promise<RawResponse> {
  const headers: Record<string, string> = {
    'x-requested-with': 'secure-vault',
    'idempotency-key': randomUUID(),
  };
  if (cookie) headers.cookie = `__Host-session=${cookie}`;
  const hasBody = changesState(route.method);
  if (hasBody) headers['content-type'] = 'application/json';
  return rawRequest(port, {
    method: route.method,
    target,
    headers,
    ...(hasBody ? { body: JSON.stringify(requiredBodies[route.url]?.() ?? {}) } : {}),
  });
}

const apiRoutes = () => routeTable(t.app).filter((route) => route.url.startsWith('/api/v1/'));
const protectedRoutes = (access: 'user' | 'admin') =>
  apiRoutes().filter((route) => route.access === access || route.access === 'admin');

const errorCode = (response: RawResponse): string | undefined => {
  try {
    return (JSON.parse(response.body) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
};

interface Breach {
  route: string;
  target: string;
  status: number;
}

/** Sends every URL form of every route as `cookie`; returns the answers outside 400–499. */
async function breaches(
  routes: RegisteredRoute[],
  cookie: string | undefined,
  expected?: { status: number; code: string },
): Promise<Breach[]> {
  const found: Breach[] = [];
  for (const route of routes) {
    const path = concretePath(route);
    for (const target of urlForms(path)) {
      const response = await send(route, target, cookie);
      const isRefusal = response.status >= 400 && response.status < 500;
      // The canonical URL must give exactly the expected refusal (HEAD answers carry no body).
      const isExpected =
        !expected ||
        target !== path ||
        (response.status === expected.status &&
          (route.method === 'HEAD' || errorCode(response) === expected.code));
      if (!isRefusal || !isExpected) {
        found.push({ route: `${route.method} ${route.url}`, target, status: response.status });
      }
    }
  }
  return found;
}

describe('the access matrix', () => {
  it('covers the staff data that was once readable without a session', () => {
    const urls = apiRoutes().map((route) => `${route.method} ${route.url}`);
    for (const url of [
      'GET /api/v1/admin/users',
      'GET /api/v1/admin/valuables',
      'GET /api/v1/admin/net-worth',
      'GET /api/v1/admin/net-worth/users',
      'GET /api/v1/admin/audit',
      'GET /api/v1/admin/audit.csv',
      'GET /api/v1/admin/ledger-check',
    ]) {
      expect(urls).toContain(url);
    }
  });

  it('opens to anyone only the operations listed here', () => {
    const open = apiRoutes()
      .filter((route) => route.access === 'public' && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(open).toEqual(
      [
        'GET /api/v1/auth/current-session',
        'GET /api/v1/dev/mailbox',
        // The four fixed terms and their rates (SPEC §9): the same for everyone, nothing personal.
        'GET /api/v1/fixed-terms',
        'GET /api/v1/openapi.json',
        // The price book, like a price list: the same for everyone (decision 028).
        'GET /api/v1/prices',
        'GET /api/v1/prices/:symbol/history',
        'POST /api/v1/auth/impersonation/complete',
        // A passkey's challenge names no account; its answer signs in as the passkey's owner.
        'POST /api/v1/auth/passkey/options',
        'POST /api/v1/auth/passkey/sign-in',
        'POST /api/v1/auth/password-reset',
        'POST /api/v1/auth/password-reset/check',
        'POST /api/v1/auth/password-reset/complete',
        'POST /api/v1/auth/sign-in',
        'POST /api/v1/auth/sign-out',
        'POST /api/v1/auth/sign-up',
        'POST /api/v1/auth/sign-up/resend',
        'POST /api/v1/auth/sign-up/verify',
        'POST /api/v1/contact',
        // Like the mailbox, registered only while the outbox is the mail transport and never in
        // production (app.ts): it runs the jobs due at a given time, so e2e can mature a term.
        'POST /api/v1/dev/run-jobs',
        // Anyone may check a signed statement; it answers only what the document itself says.
        'POST /api/v1/verify',
      ].sort(),
    );
  });

  it('refuses anonymous callers every signed-in operation, however the URL is written', async () => {
    const found = await breaches(protectedRoutes('user'), undefined, {
      status: 401,
      code: 'UNAUTHENTICATED',
    });
    expect(found).toEqual([]);
  }, 120_000);

  it('refuses customers every staff operation', async () => {
    const found = await breaches(
      protectedRoutes('admin').filter((route) => route.access === 'admin'),
      owner.cookie,
      { status: 403, code: 'FORBIDDEN' },
    );
    expect(found).toEqual([]);
  }, 120_000);

  it('refuses staff whose account has no two-factor', async () => {
    const found = await breaches(
      apiRoutes().filter((route) => route.access === 'admin'),
      staffWithout2fa,
      { status: 403, code: 'STAFF_2FA_REQUIRED' },
    );
    expect(found).toEqual([]);
  }, 120_000);

  it('refuses staff sessions that did not pass the second factor', async () => {
    const found = await breaches(
      apiRoutes().filter((route) => route.access === 'admin'),
      staffPasswordOnly,
      { status: 403, code: 'STAFF_SECOND_FACTOR_REQUIRED' },
    );
    expect(found).toEqual([]);
  }, 120_000);

  it("refuses another customer the owner's ids", async () => {
    const withIds = apiRoutes().filter(
      (route) => route.access === 'user' && /:id\b/.test(route.url),
    );
    expect(withIds.length).toBeGreaterThan(0);
    expect(withIds.map((route) => route.url)).toContain('/api/v1/me/withdrawals/:id/cancel');
    expect(withIds.map((route) => route.url)).toContain('/api/v1/me/deliveries/:id/cancel');
    // Another customer's id is answered as a missing one: it is not even said to exist.
    const found = await breaches(withIds, otherCustomer.cookie, { status: 404, code: 'NOT_FOUND' });
    expect(found).toEqual([]);
    // The owner's session is still there.
    const [session] = await t.ctx.db
      .select({ revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.id, ownerIds.sessions ?? ''));
    expect(session?.revokedAt).toBeNull();
    // Nobody cancelled or decided the owner's withdrawal, nor refunded it.
    const [withdrawal] = await t.ctx.db
      .select({ status: transfers.status })
      .from(transfers)
      .where(eq(transfers.id, ownerIds.withdrawals ?? ''));
    expect(withdrawal?.status).toBe('pending');
    // Nor cancelled the owner's delivery: it is pending and the item still out of the vault.
    const [delivery] = await t.ctx.db
      .select({ status: deliveries.status })
      .from(deliveries)
      .where(eq(deliveries.id, ownerIds.deliveries ?? ''));
    expect(delivery?.status).toBe('pending');
    const [item] = await t.ctx.db
      .select({ status: valuables.status })
      .from(valuables)
      .where(eq(valuables.id, ownerIds.deliveryItem ?? ''));
    expect(item?.status).toBe('in_delivery');
    // Nor cancelled the owner's limit order: it is open, its dollar still reserved.
    const [order] = await t.ctx.db
      .select({ status: limitOrders.status })
      .from(limitOrders)
      .where(eq(limitOrders.id, ownerIds.orders ?? ''));
    expect(order?.status).toBe('open');
    expect(await cashOf(t, owner.userId)).toBe('799.00000000');
    expect(await cashOf(t, otherCustomer.userId)).toBe('0.00000000');
  }, 120_000);

  it('refuses every state-changing request without the application header or from another origin', async () => {
    const found: Breach[] = [];
    for (const route of apiRoutes().filter((r) => changesState(r.method))) {
      const path = concretePath(route);
      for (const target of urlForms(path)) {
        const refusedHeaders: Record<string, string>[] = [
          { 'content-type': 'application/json', cookie: `__Host-session=${owner.cookie}` },
          {
            'content-type': 'application/json',
            cookie: `__Host-session=${owner.cookie}`,
            'x-requested-with': 'secure-vault',
            origin: 'https://evil.example',
          },
          {
            'content-type': 'application/json',
            cookie: `__Host-session=${owner.cookie}`,
            'x-requested-with': 'secure-vault',
            // Same host and port as the request, but not the APP_URL origin.
            origin: `http://127.0.0.1:${port}`,
          },
        ];
        for (const headers of refusedHeaders) {
          const response = await rawRequest(port, {
            method: route.method,
            target,
            headers,
            body: '{}',
          });
          const isRefusal = response.status >= 400 && response.status < 500;
          const isCsrf = target !== path || errorCode(response) === 'CSRF';
          if (!isRefusal || !isCsrf) {
            found.push({ route: `${route.method} ${route.url}`, target, status: response.status });
          }
        }
      }
    }
    expect(found).toEqual([]);
  }, 120_000);

  it('lets the right callers in (so the refusals above are not broken requests)', async () => {
    for (const route of apiRoutes().filter(
      (r) => r.method === 'GET' && !r.url.includes(':') && !r.url.endsWith('/realtime'),
    )) {
      const cookie =
        route.access === 'admin' ? staff : route.access === 'user' ? owner.cookie : undefined;
      const query = requiredQueries[route.url]?.() ?? '';
      const response = await send(route, `${concretePath(route)}${query}`, cookie);
      if (route.url.endsWith('/dev/mailbox')) expect(response.status).toBe(400);
      else expect(response.status, `${route.method} ${route.url}`).toBe(200);
    }
  });

  it("lets staff make each staff change with an Idempotency-Key, on the owner's real ids", async () => {
    // None of the callers refused above decided the owner's pending book balance.
    const [pending] = await t.ctx.db
      .select({ bookBalance: profiles.bookBalance, recordedBy: profiles.bookBalanceRecordedBy })
      .from(profiles)
      .where(eq(profiles.userId, owner.userId));
    expect(pending).toEqual({ bookBalance: pendingBookBalance, recordedBy: recorder.userId });
    const [waiting] = await t.ctx.db
      .select({ status: staffProposals.status })
      .from(staffProposals)
      .where(eq(staffProposals.id, ownerIds.proposals ?? ''));
    expect(waiting?.status).toBe('pending');
    expect(await cashOf(t, owner.userId)).toBe('799.00000000');

    const exercised = new Set<string>();
    const change = async (
      method: AnyMethod,
      path: string,
      body: unknown,
      status: number,
      cookie = staff,
    ) => {
      const res = await keyedApi(t, method, path, body, cookie);
      expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(status);
      exercised.add(
        `${method} /api/v1${path
          .replace(/\/transfers\/[a-z_]+\//, '/transfers/:type/')
          .replace(/\/[0-9a-f-]{36}/g, '/:id')}`,
      );
      return res;
    };
    /** `staff` proposes (202); the recorder, a second staff member, approves it (200). */
    const proposeAndApprove = async (method: AnyMethod, path: string, body: unknown) => {
      const proposed = await change(method, path, body, 202);
      const id = proposed.json<{ id: string }>().id;
      await change('POST', `/admin/proposals/${id}/approve`, undefined, 200, recorder.cookie);
      return id;
    };
    await proposeAndApprove('PATCH', `/admin/valuables/${ownerIds.valuables}`, {
      itemName: 'Grandmother’s ring',
      itemType: 'jewelry',
      estimatedValue: '2600.00',
    });
    const added = await proposeAndApprove('POST', '/admin/valuables', {
      userId: owner.userId,
      itemName: 'Brooch',
      itemType: 'jewelry',
      estimatedValue: '75.00',
    });
    await proposeAndApprove(
      'DELETE',
      `/admin/valuables/${await valuableIdOf(t, added)}`,
      undefined,
    );
    // The recorder's book balance, approved by `staff`: it becomes cash.
    const approved = await change(
      'POST',
      `/admin/proposals/${ownerIds.proposals}/approve`,
      undefined,
      200,
    );
    expect(approved.json()).toMatchObject({ kind: 'book_balance', status: 'approved' });
    // $1 of it is still reserved for the owner's open limit order.
    expect(await cashOf(t, owner.userId)).toBe('2299.25000000');
    // Recorded by `staff` this time, so the other staff member rejects it.
    const recorded = await change(
      'PUT',
      `/admin/users/${owner.userId}/book-balance`,
      { bookBalance: '20.00' },
      202,
    );
    await change(
      'POST',
      `/admin/proposals/${recorded.json<{ id: string }>().id}/reject`,
      { reason: 'No statement' },
      200,
      recorder.cookie,
    );
    // A decision on the owner's withdrawal, proposed and withdrawn by its maker: still pending.
    const decision = await change(
      'POST',
      `/admin/transfers/withdrawal/${ownerIds.withdrawals}/status`,
      { status: 'failed', reason: 'IBAN closed' },
      202,
    );
    await change(
      'POST',
      `/admin/proposals/${decision.json<{ id: string }>().id}/withdraw`,
      undefined,
      200,
    );
    expect(await cashOf(t, owner.userId)).toBe('2299.25000000');

    // Every staff change of value, and every decision on one, takes a key and was made above.
    const keyed = apiRoutes()
      .filter((route) => route.contract?.idempotent && route.access === 'admin')
      .map((route) => `${route.method} ${route.url}`)
      .filter((name) =>
        /\/admin\/(valuables|users\/:id\/book-balance|proposals|transfers)/.test(name),
      );
    expect(new Set(keyed)).toEqual(exercised);
  });

  it('marks every answer to a signed-in operation no-store', async () => {
    for (const [target, cookie] of [
      ['/api/v1/me/summary', owner.cookie],
      ['/api/v1/me/profile', owner.cookie],
      ['/api/v1/me/staff-access', owner.cookie],
      ['/api/v1/admin/users', staff],
      ['/api/v1/admin/users', undefined],
    ] as const) {
      const response = await rawRequest(port, {
        method: 'GET',
        target,
        headers: cookie ? { cookie: `__Host-session=${cookie}` } : {},
      });
      expect(response.headers['cache-control'], target).toBe('no-store');
    }
  });
});
