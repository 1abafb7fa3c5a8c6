// Schema-driven fuzz (issue 9, deliver 9): every registered operation with a body, a query or
// path parameters gets values of its schema's shape and hostile ones, sent as the caller its
// access declares. No answer may be a 5xx, every refusal is the one error body, and afterwards no
// text in the database holds a control character, a replaced surrogate or, outside multi-line
// fields, a line break or bidi control. Deterministic: a fixed seed (FUZZ_SEED and FUZZ_RUNS to
// explore further), shown with the failing request by fast-check.
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifySchema, HTTPMethods, LightMyRequestResponse } from 'fastify';
import { idempotencyHeader } from '@secure-vault/shared';
import { transferTypes } from '@secure-vault/shared/transfers';
import { sessionCookieName } from '../auth/sessions.ts';
import { kycVerifications } from '../db/kyc-schema.ts';
import { call, grantAdmin } from '../test/auth-helpers.ts';
import { createCustomer, openSession } from '../test/customers.ts';
import { addBankAccount, cashIdOf, verifiedCustomer } from '../test/money-movements.ts';
import {
  edgeValues,
  hostileBody,
  hostileQuery,
  hostileStrings,
  type Hints,
  type JsonSchema,
  jsonSchemaOf,
  objectPart,
  percentEncode,
  type QueryPart,
  queryOf,
  RawJson,
  toJsonText,
  validObject,
  withKey,
} from '../test/schema-arbitraries.ts';
import { createTestApp, jsonHeaders } from '../test/test-app.ts';
import { invalidStoredText, rowsOf } from '../test/stored-text.ts';
import { keyedApi, seedValuables } from '../test/vault.ts';
import { swap, trade } from '../test/trading.ts';
import { routeTable } from './access.ts';

const seed = Number(process.env.FUZZ_SEED ?? 20_261_121);
/** Runs per operation: about 26 operations with a body or query, a few with parameters only. */
const runs = { withInput: Number(process.env.FUZZ_RUNS ?? 14), paramsOnly: 6 };

const t = await createTestApp({ env: { STAFF_2FA: 'optional' } });
afterAll(() => t.close());

// The callers: a customer with cash and a little history, a staff member, and a customer the
// staff routes act on (never a caller, so a reset password or an impersonation hurts nothing).
const customer = await createCustomer(t, { cash: '5000', label: 'fuzz-customer' });
const staff = await createCustomer(t, { label: 'fuzz-staff' });
await grantAdmin(t, staff.userId);
const target = await createCustomer(t, { cash: '100', label: 'fuzz-target' });
for (const body of [
  { side: 'buy', asset: 'BTC', total: '100' },
  { side: 'buy', asset: 'AU', total: '50' },
]) {
  const res = await trade(t, customer, body);
  if (res.statusCode !== 201) throw new Error(`setup trade: ${res.body}`);
}
await swap(t, customer, { from: 'AU', to: 'AG', quantity: '100' });
const targetValuables = await seedValuables(t, target.userId, [
  { itemName: 'Ring' },
  { itemName: 'Painting', itemType: 'artwork' },
]);
// A verification waiting for staff, so the KYC decision's fuzz reaches its write.
await t.ctx.db.insert(kycVerifications).values({
  userId: target.userId,
  status: 'submitted',
  step: 16,
  data: {
    firstName: 'Tala',
    surname: 'Fuzz',
    email: 'tala@example.com',
    nationality: 'AE',
    dateOfBirth: '01/02/1985',
    street: 'Main Street',
    city: 'Dubai',
    postcode: '00000',
    countryCode: '+971',
    phoneNumber: '501234567',
    experience: 'none',
    employment: 'retired',
    income: 'less-than-20000',
    wealth: 'less-than-25000',
    incomeOrigin: ['pension'],
    currency: 'USD',
    documentCountry: 'AE',
    documentType: 'passport',
    documentNumber: 'P1234567',
    documentExpiry: '31/12/2099',
    termsAccepted: true,
  },
  verifiedPhone: '+971501234567',
  submittedAt: t.ctx.clock.now(),
});
// Sending value out needs approved KYC: a verified customer with cash, a metal, a custody item
// and a bank account calls those routes, so their fuzz reaches the ledger (the customer above
// keeps an unverified KYC for the wizard's routes). Pending requests give the cancel and staff's
// decision real ids.
const verified = await verifiedCustomer(t, { cash: '5000', label: 'fuzz-verified' });
const verifiedBankAccount = await addBankAccount(t, verified.userId);
const metal = await trade(t, verified, { side: 'buy', asset: 'AU', quantity: '1000' });
if (metal.statusCode !== 201) throw new Error(`setup trade: ${metal.body}`);
const [verifiedGold] = await rowsOf<{ id: string }>(
  t.ctx.db,
  sql`select id from valuables where user_id = ${verified.userId} and asset_symbol = 'AU'`,
);
if (!verifiedGold) throw new Error('setup: no gold position');
const verifiedValuables = [
  await cashIdOf(t, verified.userId),
  ...(await seedValuables(t, verified.userId, [{ itemName: 'Brooch', estimatedValue: '40' }])),
  verifiedGold.id,
];
let setupKeys = 0;
async function request(caller: { cookie: string }, url: string, body: object): Promise<string> {
  setupKeys += 1;
  const res = await call(t, 'POST', url, body, {
    cookie: caller.cookie,
    headers: { [idempotencyHeader]: `fuzz-setup-${setupKeys}` },
  });
  if (res.statusCode !== 201) throw new Error(`setup ${url}: ${res.body}`);
  return res.json<{ id: string }>().id;
}
const pendingWithdrawals: string[] = [];
for (const amount of ['10', '20', '30']) {
  pendingWithdrawals.push(
    await request(verified, '/me/withdrawals', { bankAccountId: verifiedBankAccount, amount }),
  );
}
// Deliveries of parts of the verified customer's gold: the customer's cancel and staff's status
// and tracking routes get real ids.
const pendingDeliveries: string[] = [];
for (const quantity of ['100', '110', '120', '130', '140']) {
  pendingDeliveries.push(
    await request(verified, '/me/deliveries', {
      valuableId: verifiedGold.id,
      quantity,
      recipientName: 'Tala Fuzz',
      recipientEmail: 'tala@example.com',
      recipientPhone: '+971501234567',
      recipientAddress: '1 Palm Street\nDubai',
    }),
  );
}
const pendingDeposits: string[] = [];
for (const amount of ['1', '2', '3', '4', '5', '6', '7', '8']) {
  pendingDeposits.push(
    await request(target, '/me/deposits/card', { amount, cardLastFour: '4242', cardType: 'Visa' }),
  );
}
// Proposals waiting for a second staff member (DESIGN §4): book balances recorded by a staff
// member other than the fuzz's caller, one customer's for the approval and one's for the
// rejection, so each decision's fuzz reaches its write once (after it, the proposal is decided
// and the rest are refusals); and one the fuzz's caller made, for the withdrawal.
const recorder = await createCustomer(t, { label: 'fuzz-recorder' });
await grantAdmin(t, recorder.userId);
const pendingBookBalance = '250.50';
async function recordBookBalance(maker: { cookie: string }, label: string): Promise<string> {
  const { userId } = await createCustomer(t, { label });
  const res = await keyedApi(
    t,
    'PUT',
    `/admin/users/${userId}/book-balance`,
    { bookBalance: pendingBookBalance },
    maker.cookie,
  );
  if (res.statusCode !== 202) throw new Error(`setup book balance: ${res.body}`);
  return res.json<{ id: string }>().id;
}
const proposals: Record<'approve' | 'reject' | 'withdraw', string> = {
  approve: await recordBookBalance(recorder, 'fuzz-approve'),
  reject: await recordBookBalance(recorder, 'fuzz-reject'),
  withdraw: await recordBookBalance(staff, 'fuzz-withdraw'),
};

/**
 * The routes that send value out of the platform or to another customer, or act on the verified
 * customer's holdings (fixing one for a term): called as that customer, so they reach the ledger.
 */
const sendsValueOut = (url: string) =>
  /^\/api\/v1\/(transfers|me\/withdrawals|me\/deliveries|me\/fixed-terms)\b/.test(url);

const firstPage = await t.app.inject({
  url: '/api/v1/me/history?limit=1',
  headers: { cookie: `${sessionCookieName}=${customer.cookie}` },
});
const realCursor: string = firstPage.json().nextCursor;
if (!realCursor) throw new Error('setup: no history cursor');

/** An id nothing has. */
const unknownId = '00000000-0000-4000-8000-000000000000';
const symbols = fc.constantFrom('BTC', 'ETH', 'AU', 'AG', 'USD', 'btc', 'NOPE');
const amounts = fc.oneof(
  fc.constantFrom('0.001', '1', '10.5', '0.00001'),
  fc.stringMatching(/^\d{1,4}(\.\d{1,8})?$/),
);
const hints: Hints = (field, schema) => {
  switch (field) {
    case 'asset':
    case 'symbol':
      return symbols;
    case 'from':
    case 'to':
      // Swaps name assets here; history and the mailbox name days and addresses (their formats).
      return schema.format ? undefined : symbols;
    case 'userId':
      // Mostly the customer staff act on, so edge cases built on a sample reach the write.
      return fc.oneof(
        { weight: 4, arbitrary: fc.constant(target.userId) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(staff.userId, '00000000-0000-4000-8000-000000000000'),
        },
      );
    case 'email':
      return fc.oneof(
        fc.constantFrom(customer.email, target.email),
        schema.pattern ? fc.stringMatching(new RegExp(schema.pattern)) : fc.emailAddress(),
      );
    case 'cursor':
      return fc.oneof(
        { weight: 4, arbitrary: fc.constant(realCursor) },
        { weight: 1, arbitrary: fc.stringMatching(/^[\w-]{1,60}$/) },
      );
    case 'quantity':
    case 'total':
      return amounts;
    case 'accountNumber':
    case 'receiverAccountNumber':
      // A customer's account number (10 digits), not a bank account's.
      if (!schema.pattern?.includes('{10}')) return undefined;
      return fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(target.accountNumber, customer.accountNumber) },
        { weight: 1, arbitrary: fc.constantFrom(verified.accountNumber, '0000000000') },
      );
    case 'valuableId':
      return fc.constantFrom(...verifiedValuables, ...targetValuables, unknownId);
    case 'recipientPhone':
      // A phone number libphonenumber-js takes, so valid-shaped deliveries reach the ledger.
      return fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom('+971501234567', '+447911123456') },
        { weight: 1, arbitrary: fc.string({ maxLength: 32 }) },
      );
    case 'bankAccountId':
      return fc.constantFrom(verifiedBankAccount, unknownId);
    case 'actor':
    case 'customer':
      // The audit viewer's filters: an account's id or exact address, known or not.
      return fc.constantFrom(staff.email, target.email, target.userId, unknownId, 'no@example.com');
    default:
      return undefined;
  }
};

// Custody items of the verified customer's, one to fix for a term and one to deliver, so the
// valid-shaped bodies below (and the hostile ones built on them) reach the ledger's writes.
const [watch = unknownId, painting = unknownId] = await seedValuables(t, verified.userId, [
  { itemName: 'Watch', estimatedValue: '250' },
  { itemName: 'Painting', itemType: 'artwork', estimatedValue: '900' },
]);
/** A custody item whole, or a few mg of the gold position (a quantity JSON Schema cannot tie). */
const itemOrPart = (item: string) =>
  fc.oneof(
    fc.constant({ valuableId: item }),
    fc.constantFrom('1', '10.5', '25').map((quantity) => ({
      valuableId: verifiedGold.id,
      quantity,
    })),
  );

/** A trade names a quantity or a total, never both: a refinement JSON Schema cannot say. */
const validBodies: Record<string, fc.Arbitrary<object>> = {
  'POST /api/v1/trades': fc
    .tuple(fc.constantFrom('buy', 'sell'), symbols, fc.constantFrom('quantity', 'total'), amounts)
    .map(([side, asset, field, amount]) => ({ side, asset, [field]: amount })),
  'POST /api/v1/me/fixed-terms': fc
    .tuple(itemOrPart(watch), fc.constantFrom(1, 3, 6, 12))
    .map(([what, months]) => ({ ...what, months })),
  'POST /api/v1/me/deliveries': fc
    .tuple(itemOrPart(painting), fc.constantFrom('+971501234567', '+447911123456'))
    .map(([what, recipientPhone]) => ({
      ...what,
      recipientName: 'Tala Fuzz',
      recipientEmail: 'tala@example.com',
      recipientPhone,
      recipientAddress: '1 Palm Street\nDubai',
    })),
};

/**
 * Real ids for path parameters: the canonical one (used by the edge cases, so they reach the
 * handler) and the values random runs choose from. A new parameter fails here until it has one.
 */
function paramValue(url: string, name: string): { canonical: string; any: fc.Arbitrary<string> } {
  if (name === 'symbol') return { canonical: 'BTC', any: symbols };
  // A month's statement: this month, past ones, one after this month and one before any.
  if (name === 'file' && url.includes('/me/statements/')) {
    return {
      canonical: `${new Date().toISOString().slice(0, 7)}.pdf`,
      any: fc.constantFrom(
        '2026-01.pdf',
        '2025-12.pdf',
        '2099-12.pdf',
        '1999-01.pdf',
        '0000-01.pdf',
      ),
    };
  }
  // A decision on a proposal: the one waiting for it (each proposal decided once at most).
  const decision = /\/proposals\/:id\/(approve|reject|withdraw)$/.exec(url)?.[1] as
    keyof typeof proposals | undefined;
  if (name === 'id' && decision) {
    const id = proposals[decision];
    return { canonical: id, any: fc.constantFrom(id, unknownId) };
  }
  if (name === 'id' && url.includes('/admin/users/')) {
    return { canonical: target.userId, any: fc.constantFrom(target.userId, unknownId) };
  }
  if (name === 'id' && url.includes('/admin/valuables/')) {
    const [first = unknownId] = targetValuables;
    return { canonical: first, any: fc.constantFrom(...targetValuables, unknownId) };
  }
  if (name === 'id' && url.includes('/sessions/')) return { canonical: unknownId, any: fc.uuid() };
  if (name === 'userId' && url.includes('/admin/kyc/')) {
    return { canonical: target.userId, any: fc.constantFrom(target.userId, unknownId) };
  }
  // KYC documents: none of these exist, so no stored file is needed behind them.
  if (name === 'id' && url.includes('/documents/')) return { canonical: unknownId, any: fc.uuid() };
  // Bank accounts: none of these exist (removal answers NOT_FOUND).
  if (name === 'id' && url.includes('/bank-accounts/')) {
    return { canonical: unknownId, any: fc.uuid() };
  }
  // A customer cancels their own pending withdrawal.
  if (name === 'id' && url.includes('/me/withdrawals/')) {
    const [first = unknownId] = pendingWithdrawals;
    return { canonical: first, any: fc.constantFrom(...pendingWithdrawals, unknownId) };
  }
  // The verified customer cancels a delivery of theirs; staff move others on and track them
  // (apart, so the cancels do not leave staff only cancelled ones).
  if (name === 'id' && url.includes('/me/deliveries/')) {
    const mine = pendingDeliveries.slice(0, 2);
    return { canonical: mine[0] ?? unknownId, any: fc.constantFrom(...mine, unknownId) };
  }
  if (name === 'id' && url.includes('/admin/deliveries/')) {
    const staffs = pendingDeliveries.slice(2);
    return { canonical: staffs[0] ?? unknownId, any: fc.constantFrom(...staffs, unknownId) };
  }
  // Staff decide a pending request, named by its type and id (a mismatch is a missing one).
  // The ids are card deposits, so the type is mostly theirs and the decision is reached.
  if (name === 'type' && url.includes('/admin/transfers/')) {
    return {
      canonical: 'card_deposit',
      any: fc.oneof(
        { weight: 3, arbitrary: fc.constant('card_deposit') },
        { weight: 1, arbitrary: fc.constantFrom(...transferTypes) },
      ),
    };
  }
  if (name === 'id' && url.includes('/admin/transfers/')) {
    const [first = unknownId] = pendingDeposits;
    return { canonical: first, any: fc.constantFrom(...pendingDeposits, unknownId) };
  }
  // A bank-transfer deposit read again: none of these exist (money-requests.test.ts reads one).
  if (name === 'id' && url.includes('/me/deposits/bank/')) {
    return { canonical: unknownId, any: fc.uuid() };
  }
  // Notices: none of these exist (notifications.test.ts marks real ones read).
  if (name === 'id' && url.includes('/me/notifications/')) {
    return { canonical: unknownId, any: fc.uuid() };
  }
  // Passkeys: none of these exist (passkeys.test.ts removes real ones).
  if (name === 'id' && url.includes('/me/passkeys/')) {
    return { canonical: unknownId, any: fc.uuid() };
  }
  // Saved recipients: none of these exist (renaming and removal answer NOT_FOUND).
  if (name === 'id' && url.includes('/me/recipients/')) {
    return { canonical: unknownId, any: fc.uuid() };
  }
  // A movement's receipt: none of these exist (history-receipt.test.ts reads real ones).
  if (name === 'id' && url.includes('/me/history/')) {
    return { canonical: unknownId, any: fc.uuid() };
  }
  // Recurring buys: none of these exist (recurring.test.ts changes real ones).
  if (name === 'id' && url.includes('/me/recurring-buys/')) {
    return { canonical: unknownId, any: fc.uuid() };
  }
  // Limit orders: none of these exist (orders.test.ts cancels real ones).
  if (name === 'id' && url.includes('/me/orders/')) {
    return { canonical: unknownId, any: fc.uuid() };
  }
  // Price alerts: none of these exist (alerts.test.ts removes real ones).
  if (name === 'id' && url.includes('/me/price-alerts/')) {
    return { canonical: unknownId, any: fc.uuid() };
  }
  // Mail to send again: none of these exist (features/mail-queue has the resend's own tests).
  if (name === 'id' && url.includes('/admin/mail/'))
    return { canonical: unknownId, any: fc.uuid() };
  throw new Error(`fuzz: no value for :${name} in ${url}`);
}

const hostileParam = fc.oneof(
  hostileStrings.filter((text) => text.length < 20_000).map(percentEncode),
  fc.constantFrom('%00', '%ED%A0%80', '%E2%80%AE', '..%2F..%2Fetc', '%', 'a'.repeat(10_000)),
);

interface FuzzRequest {
  method: HTTPMethods;
  url: string;
  body: unknown;
  hasBody: boolean;
  ip: string;
}

function describeRequest(request: FuzzRequest): string {
  const body = request.hasBody ? toJsonText(request.body) : '(none)';
  const clip = (text: string) =>
    text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text;
  return `${request.method} ${clip(request.url)} body ${clip(JSON.stringify(body))}`;
}

/** fast-check prints a failing request with this, not a 1 MB dump. */
function printable(request: FuzzRequest): FuzzRequest {
  return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
}

type Route = ReturnType<typeof routeTable>[number];

/** A cursor is opaque to clients, so its edges are cursors holding impossible positions. */
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const fieldEdges: Record<string, unknown[]> = {
  // Dates ISO 8601 accepts at the ends of PostgreSQL's range: it has no year 0.
  at: ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z'],
  cursor: [
    cursorOf(['9999-99-99T99:99:99.000000Z', target.userId]),
    cursorOf(['0000-01-01T00:00:00.000000Z', target.userId]),
    cursorOf(['2026-02-30T00:00:00.000000Z', 'not-a-uuid']),
  ],
};

/** The first of a few values the route's own zod schema accepts: the base of the edge cases. */
function acceptedSample(valid: fc.Arbitrary<object>, schema: unknown): object {
  const samples = fc.sample(valid, { seed, numRuns: 50 });
  const parses = (value: object) =>
    !(schema instanceof z.ZodType) || schema.safeParse(value).success;
  return samples.find(parses) ?? samples[0] ?? {};
}

const ipAddress = fc
  .tuple(fc.nat(255), fc.nat(255), fc.integer({ min: 1, max: 254 }))
  .map(([a, b, c]) => `10.${a}.${b}.${c}`);

/** A route's inputs: its schemas, valid-shaped values for them, and how to build a request. */
function inputsOf(route: Route) {
  const schema: FastifySchema = route.schema ?? {};
  const body = jsonSchemaOf(schema.body);
  const query = jsonSchemaOf(schema.querystring);
  const names = Object.keys(jsonSchemaOf(schema.params)?.properties ?? {});
  return {
    schema,
    body,
    query,
    names,
    validBody: body
      ? (validBodies[`${route.method} ${route.url}`] ?? validObject(objectPart(body), hints))
      : undefined,
    validQuery: query ? validObject(query, hints) : undefined,
    /** The route's URL with its parameters, one of them replaced by an encoded hostile value. */
    path(values: readonly string[], bad: readonly [string, string] | null = null): string {
      return names.reduce((url, name, index) => {
        const value = bad && bad[0] === name ? bad[1] : encodeURIComponent(values[index] ?? '');
        return url.replace(`:${name}`, value);
      }, route.url);
    },
    request(url: string, parts: QueryPart[], value: unknown, ip: string): FuzzRequest {
      return printable({
        method: route.method,
        url: parts.length > 0 ? `${url}?${parts.join('&')}` : url,
        body: value,
        hasBody: value !== undefined,
        ip,
      });
    },
  };
}

/** Random requests: a third valid-shaped, the rest hostile; now and then a hostile parameter. */
function randomRequests(route: Route): fc.Arbitrary<FuzzRequest> {
  const { body, query, names, validBody, validQuery, path, request } = inputsOf(route);
  const url = fc
    .tuple(
      fc.tuple(...names.map((name) => paramValue(route.url, name).any)),
      names.length === 0
        ? fc.constant(null)
        : fc.oneof(
            { weight: body || query ? 9 : 1, arbitrary: fc.constant(null) },
            { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...names), hostileParam) },
          ),
    )
    .map(([values, bad]) => path(values, bad));
  const bodyValue: fc.Arbitrary<unknown> =
    body && validBody
      ? fc.oneof(
          { weight: 1, arbitrary: validBody },
          { weight: 2, arbitrary: hostileBody(body, validBody) },
        )
      : fc.constant(undefined);
  const queryText: fc.Arbitrary<QueryPart[]> =
    query && validQuery
      ? fc.oneof(
          { weight: 1, arbitrary: validQuery.map(queryOf) },
          { weight: 2, arbitrary: hostileQuery(query, validQuery) },
        )
      : fc.constant([]);
  return fc
    .tuple(url, queryText, bodyValue, ipAddress)
    .map(([address, parts, value, ip]) => request(address, parts, value, ip));
}

/**
 * The edge cases of every field (edgeValues, fieldEdges), each in an otherwise valid request to
 * real ids: they run first, on every run, whatever the seed.
 */
function edgeRequests(route: Route): FuzzRequest[] {
  const { schema, body, query, names, validBody, validQuery, path, request } = inputsOf(route);
  const url = path(names.map((name) => paramValue(route.url, name).canonical));
  const baseBody = validBody ? acceptedSample(validBody, schema.body) : undefined;
  const baseQuery = validQuery ? acceptedSample(validQuery, schema.querystring) : undefined;
  const edgesOf = (fields: Record<string, JsonSchema>, base: object) =>
    Object.entries(fields).flatMap(([name, property]) =>
      [...edgeValues(property, Reflect.get(base, name)), ...(fieldEdges[name] ?? [])].map((edge) =>
        withKey(base, name, edge),
      ),
    );
  const requests: FuzzRequest[] = [];
  const ip = () => `10.255.${Math.floor(requests.length / 250)}.${(requests.length % 250) + 1}`;
  if (body && baseBody) {
    for (const edge of edgesOf(objectPart(body).properties ?? {}, baseBody)) {
      requests.push(request(url, queryOf(baseQuery ?? {}), edge, ip()));
    }
  }
  if (query && baseQuery) {
    for (const edge of edgesOf(query.properties ?? {}, baseQuery)) {
      // A query holds text only; raw JSON numbers are for bodies.
      if (Object.values(edge).some((value) => value instanceof RawJson)) continue;
      requests.push(request(url, queryOf(edge), baseBody, ip()));
    }
  }
  return requests;
}

let idempotencyCounter = 0;
const statuses = new Map<string, Map<number, number>>();

async function send(route: Route, request: FuzzRequest): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { 'x-requested-with': jsonHeaders['x-requested-with'] };
  if (request.hasBody) headers['content-type'] = jsonHeaders['content-type'];
  // A fresh session per request: sign-out or revoking sessions must not end the run's callers.
  if (route.access !== 'public') {
    const caller =
      route.access === 'admin' ? staff : sendsValueOut(route.url) ? verified : customer;
    headers.cookie = `${sessionCookieName}=${await openSession(t, caller.userId)}`;
  }
  const headerSchema = jsonSchemaOf(route.schema?.headers);
  if (headerSchema?.properties?.[idempotencyHeader]) {
    idempotencyCounter += 1;
    headers[idempotencyHeader] = `fuzz-${seed}-${idempotencyCounter}`;
  }
  const res = await t.app.inject({
    method: request.method,
    url: request.url,
    headers,
    ...(request.hasBody ? { payload: toJsonText(request.body) } : {}),
    remoteAddress: request.ip,
  });
  const key = `${route.method} ${route.url}`;
  const counts = statuses.get(key) ?? new Map<number, number>();
  counts.set(res.statusCode, (counts.get(res.statusCode) ?? 0) + 1);
  statuses.set(key, counts);
  return res;
}

function expectHandled(res: LightMyRequestResponse, request: FuzzRequest): void {
  const context = `${describeRequest(request)} → ${res.statusCode} ${res.body.slice(0, 500)}`;
  expect(res.statusCode, context).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const body: unknown = res.json();
    expect(body, context).toMatchObject({
      error: { code: expect.any(String), message: expect.any(String) },
    });
  }
}

const fuzzed = routeTable(t.app).filter(
  (route) =>
    route.method !== 'HEAD' &&
    route.url.startsWith('/api/') &&
    (route.schema?.body || route.schema?.querystring || route.schema?.params),
);

describe('schema-driven fuzz', () => {
  it('covers every operation with a body or a query', () => {
    const withInput = fuzzed.filter((route) => route.schema?.body || route.schema?.querystring);
    expect(withInput.length).toBeGreaterThanOrEqual(20);
  });

  it.each(fuzzed.map((route) => [`${route.method} ${route.url} (${route.access})`, route]))(
    '%s: never a 5xx, always the error body',
    async (_name, route) => {
      const numRuns =
        route.schema?.body || route.schema?.querystring ? runs.withInput : runs.paramsOnly;
      const examples = edgeRequests(route);
      await fc.assert(
        fc.asyncProperty(randomRequests(route), async (request) => {
          expectHandled(await send(route, request), request);
        }),
        // fast-check counts the examples within numRuns: they come on top of the random runs.
        {
          seed,
          numRuns: numRuns + examples.length,
          endOnFailure: true,
          examples: examples.map((example) => [example]),
        },
      );
    },
  );

  it('left no control character, replaced surrogate, or stray line break or bidi control', async () => {
    const problems = await invalidStoredText(t.ctx.db);
    expect(problems).toEqual([]);
    // The fuzz reached the writes, not only the refusals.
    const [counts] = await rowsOf<{
      messages: number;
      added: number;
      decided: number;
      approved: number;
      rejected: number;
      withdrawn: number;
    }>(
      t.ctx.db,
      sql`select (select count(*)::int from contact_messages) as messages,
                 (select count(*)::int from staff_proposals
                   where maker_id = ${staff.userId} and kind = 'valuable_add') as added,
                 (select count(*)::int from staff_proposals
                   where maker_id = ${staff.userId} and kind = 'request_decision') as decided,
                 (select count(*)::int from ledger_entries
                   where kind = 'book_balance' and account = 'customer') as approved,
                 (select count(*)::int from staff_proposals
                   where id = ${proposals.reject} and status = 'rejected') as rejected,
                 (select count(*)::int from staff_proposals
                   where id = ${proposals.withdraw} and status = 'withdrawn') as withdrawn`,
    );
    expect(counts?.messages).toBeGreaterThan(0);
    // Staff's changes and decisions reached their write: a proposal.
    expect(counts?.added).toBeGreaterThan(0);
    expect(counts?.decided).toBeGreaterThan(0);
    // Each waiting proposal was decided once: one credit, one rejection, one withdrawal.
    expect(counts?.approved).toBe(1);
    expect(counts?.rejected).toBe(1);
    expect(counts?.withdrawn).toBe(1);
  });

  it('signed in every user and staff request (the fuzz reached the handlers)', () => {
    if (process.env.FUZZ_REPORT) {
      console.log([...statuses].map(([key, v]) => `${key} ${JSON.stringify([...v])}`).join('\n'));
    }
    for (const route of fuzzed.filter((r) => r.access !== 'public')) {
      const counts = statuses.get(`${route.method} ${route.url}`);
      expect(counts?.get(401) ?? 0, `${route.method} ${route.url}`).toBe(0);
    }
  });
});
