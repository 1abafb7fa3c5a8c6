import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { realtimePath } from '@secure-vault/shared/realtime';
import { findAsset } from '@secure-vault/shared/catalogue';
import { openDatabase } from '../db/client.ts';
import { recordPrice } from '../prices/book.ts';
import { sessionCookieName } from '../auth/sessions.ts';
import {
  call,
  sessionCookie,
  signUp,
  signUpStaff,
  type SignedUp,
  type Staff,
} from '../test/auth-helpers.ts';
import {
  appOnDatabase,
  createPostgresDatabase,
  createTestApp,
  dbKind,
  type TestApp,
} from '../test/test-app.ts';
import type { Proposal } from '@secure-vault/shared/approvals';
import { approveProposal, checkerFor, proposeAndApprove, valuableIdOf } from '../test/approvals.ts';
import { keyedApi } from '../test/vault.ts';

interface Client {
  socket: WebSocket;
  messages: unknown[];
  /** Resolves with the next message (or one already received and not yet taken). */
  next(): Promise<unknown>;
  closed: Promise<number>;
}

async function socketUrl(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}${realtimePath}`;
}

async function connect(
  t: TestApp,
  cookie: string,
  options: { autoPong?: boolean } = {},
): Promise<Client> {
  const socket = new WebSocket(await socketUrl(t), {
    headers: { cookie: `${sessionCookieName}=${cookie}` },
    autoPong: options.autoPong ?? true,
  });
  const messages: unknown[] = [];
  let taken = 0;
  const waiters: ((message: unknown) => void)[] = [];
  socket.on('message', (data) => {
    messages.push(JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : ''));
    const waiter = waiters.shift();
    if (waiter) waiter(messages[taken++]);
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    messages,
    closed,
    next: () =>
      taken < messages.length
        ? Promise.resolve(messages[taken++])
        : new Promise((resolve) => waiters.push(resolve)),
  };
}

function isChange(message: unknown, topic: string): boolean {
  return JSON.stringify(message) === JSON.stringify({ type: 'changed', topic });
}

/** The HTTP status a refused handshake got. */
async function handshakeStatus(t: TestApp, headers: Record<string, string>): Promise<number> {
  const socket = new WebSocket(await socketUrl(t), { headers });
  return new Promise((resolve, reject) => {
    socket.on('unexpected-response', (request, response) => {
      resolve(response.statusCode ?? 0);
      request.destroy();
    });
    socket.on('open', () => reject(new Error('the socket opened')));
    socket.on('error', () => {});
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

const coin = { itemName: 'Gold coin', itemType: 'collectibles', estimatedValue: '450.00' };

/** A valuable put on the account: `staff` proposes, a second staff member approves (200). */
async function addValuable(t: TestApp, staff: Staff, userId: string) {
  const { approval } = await proposeAndApprove(t, staff, 'POST', '/admin/valuables', {
    userId,
    ...coin,
  });
  return approval;
}

describe('the realtime socket, one server instance', () => {
  let t: TestApp;
  let staff: Staff;
  let alice: SignedUp;
  let bob: SignedUp;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await signUpStaff(t);
    [alice, bob] = [await signUp(t), await signUp(t)];
  });
  afterAll(() => t.close());

  it('answers 401 before upgrading without a session, 403 from another site', async () => {
    expect(await handshakeStatus(t, {})).toBe(401);
    expect(await handshakeStatus(t, { cookie: `${sessionCookieName}=not-a-session` })).toBe(401);
    expect(
      await handshakeStatus(t, {
        cookie: `${sessionCookieName}=${alice.cookie}`,
        origin: 'https://evil.example',
      }),
    ).toBe(403);
  });

  it('answers a ping with a pong', async () => {
    const client = await connect(t, alice.cookie);
    client.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await client.next()).toEqual({ type: 'pong' });
    client.socket.close();
  });

  it("tells a user about their own changes, and nobody else's", async () => {
    const aliceTab = await connect(t, alice.cookie);
    const aliceOtherTab = await connect(t, alice.cookie);
    const bobTab = await connect(t, bob.cookie);

    // Only proposed, nothing changed: nobody hears of it.
    const proposed = await keyedApi(
      t,
      'POST',
      '/admin/valuables',
      { userId: alice.userId, ...coin },
      staff.cookie,
    );
    expect(proposed.statusCode).toBe(202);
    await settle();
    expect(aliceTab.messages).toEqual([]);
    const approver = await signUpStaff(t);
    expect((await approveProposal(t, approver, proposed.json<Proposal>().id)).statusCode).toBe(200);
    expect(await aliceTab.next()).toEqual({ type: 'changed', topic: 'valuables' });
    expect(await aliceOtherTab.next()).toEqual({ type: 'changed', topic: 'valuables' });

    const balance = await keyedApi(
      t,
      'PUT',
      `/admin/users/${alice.userId}/book-balance`,
      { bookBalance: '10.00' },
      staff.cookie,
    );
    expect(balance.statusCode).toBe(202);
    expect(await aliceTab.next()).toEqual({ type: 'changed', topic: 'profile' });

    // Another staff member approves it: it becomes cash, and both screens hear of it.
    const approved = await approveProposal(t, approver, balance.json<Proposal>().id);
    expect(approved.statusCode).toBe(200);
    await settle();
    expect(new Set(aliceTab.messages.slice(2))).toEqual(
      new Set([
        { type: 'changed', topic: 'profile' },
        { type: 'changed', topic: 'valuables' },
      ]),
    );

    await settle();
    expect(bobTab.messages).toEqual([]);
    for (const client of [aliceTab, aliceOtherTab, bobTab]) client.socket.close();
  });

  it('tells every socket when the price book changes, once the price has committed', async () => {
    const aliceTab = await connect(t, alice.cookie);
    const bobTab = await connect(t, bob.cookie);
    const asset = findAsset('XRP');
    if (!asset) throw new Error('XRP');
    await recordPrice(t.ctx.database, {
      asset,
      buy: '3.01',
      sell: '3',
      source: 'feed',
      at: new Date(Date.now() + 120_000),
    });
    expect(await aliceTab.next()).toEqual({ type: 'changed', topic: 'prices' });
    expect(await bobTab.next()).toEqual({ type: 'changed', topic: 'prices' });
    for (const client of [aliceTab, bobTab]) client.socket.close();
  });

  it('sends nothing for a change that was rolled back', async () => {
    const bobTab = await connect(t, bob.cookie);
    const { proposal, approval } = await proposeAndApprove(t, staff, 'POST', '/admin/valuables', {
      userId: bob.userId,
      itemName: 'Cash',
      itemType: 'cash',
      estimatedValue: '5',
    });
    expect(approval.statusCode).toBe(200);
    expect(await bobTab.next()).toEqual({ type: 'changed', topic: 'valuables' });
    const cashId = await valuableIdOf(t, proposal.id);
    const refused = await keyedApi(
      t,
      'PATCH',
      `/admin/valuables/${cashId}`,
      { itemName: 'Cash', itemType: 'cash', estimatedValue: '-1' },
      staff.cookie,
    );
    expect(refused.statusCode).toBe(422);
    // A debit recorded (the profile changes), then refused on approval: more than the cash.
    const debit = await keyedApi(
      t,
      'PUT',
      `/admin/users/${bob.userId}/book-balance`,
      { bookBalance: '-100.00' },
      staff.cookie,
    );
    expect(debit.statusCode).toBe(202);
    expect(await bobTab.next()).toEqual({ type: 'changed', topic: 'profile' });
    const approver = await checkerFor(t, staff);
    const rolledBack = await approveProposal(t, approver, debit.json<Proposal>().id);
    expect(rolledBack.statusCode).toBe(422);
    await settle();
    expect(bobTab.messages).toHaveLength(2);
    bobTab.socket.close();
  });

  it("gives an impersonating staff member the customer's events", async () => {
    const other = await signUpStaff(t);
    const link = await call(t, 'POST', `/admin/users/${alice.userId}/impersonate`, undefined, {
      cookie: other.cookie,
    });
    const token = String(link.json().actionLink).split('#token=')[1];
    const completed = await call(
      t,
      'POST',
      '/auth/impersonation/complete',
      { token },
      { cookie: other.cookie },
    );
    const asAlice = sessionCookie(completed) ?? '';
    const viewing = await connect(t, asAlice);
    await addValuable(t, staff, alice.userId);
    // The impersonation's own notice to Alice ("staff signed in as you") travels through
    // PostgreSQL too, and may reach the socket opened just after it: it is hers, so it may come
    // first, and nothing else may.
    const before: unknown[] = [];
    let message = await viewing.next();
    while (!isChange(message, 'valuables')) {
      before.push(message);
      message = await viewing.next();
    }
    expect(before.every((m) => isChange(m, 'notifications'))).toBe(true);
    viewing.socket.close();
  });

  it('drops a socket that stops answering pings, and keeps one that answers', async () => {
    const silent = await connect(t, bob.cookie, { autoPong: false });
    const lively = await connect(t, bob.cookie);
    await t.app.realtime.heartbeat();
    await settle();
    await t.app.realtime.heartbeat();
    expect(await silent.closed).toBe(1006);
    expect(lively.socket.readyState).toBe(WebSocket.OPEN);
    lively.socket.close();
  });

  it('closes every socket with 1012 (restarting: reconnect) when the server stops', async () => {
    const other = await createTestApp();
    const customer = await signUp(other);
    const client = await connect(other, customer.cookie);
    await other.close();
    expect(await client.closed).toBe(1012);
  });

  it('closes with 4401 once the session has ended', async () => {
    const customer = await signUp(t);
    const client = await connect(t, customer.cookie);
    await call(t, 'POST', '/auth/sign-out', undefined, { cookie: customer.cookie });
    await t.app.realtime.heartbeat();
    expect(await client.closed).toBe(4401);
  });
});

/** Two server instances on one database (PostgreSQL only). */
async function instancesOnOneDatabase(): Promise<[TestApp, TestApp, () => Promise<void>]> {
  const { url, drop } = await createPostgresDatabase();
  const start = async () => appOnDatabase(await openDatabase({ url, poolSize: 5 }));
  const first = await start();
  const second = await start();
  const dropAll = async () => {
    await first.close();
    await second.close();
    await drop();
  };
  return [first, second, dropAll];
}

describe('the LISTEN connection', () => {
  it.skipIf(dbKind !== 'postgres')(
    'is reopened after PostgreSQL drops it (needs a PostgreSQL server to drop it)',
    async () => {
      const t = await createTestApp();
      try {
        const staff = await signUpStaff(t);
        const customer = await signUp(t);
        const client = await connect(t, customer.cookie);
        const killed = await t.ctx.db.execute(sql`
          select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'LISTEN%'`);
        expect((killed as { rows: unknown[] }).rows).toHaveLength(1);
        await new Promise((resolve) => setTimeout(resolve, 1500));
        expect((await addValuable(t, staff, customer.userId)).statusCode).toBe(200);
        expect(await client.next()).toEqual({ type: 'changed', topic: 'valuables' });
        client.socket.close();
      } finally {
        await t.close();
      }
    },
  );
});

describe('the realtime socket across server instances', () => {
  it.skipIf(dbKind !== 'postgres')(
    'delivers a change made on one instance to a socket on another (needs PostgreSQL LISTEN/NOTIFY across instances)',
    async () => {
      const [one, two, dropAll] = await instancesOnOneDatabase();
      try {
        const staff = await signUpStaff(one);
        const [alice, bob] = [await signUp(one), await signUp(one)];
        const aliceOnTwo = await connect(two, alice.cookie);
        const bobOnTwo = await connect(two, bob.cookie);

        expect((await addValuable(one, staff, alice.userId)).statusCode).toBe(200);
        expect(await aliceOnTwo.next()).toEqual({ type: 'changed', topic: 'valuables' });
        await settle();
        expect(bobOnTwo.messages).toEqual([]);
        aliceOnTwo.socket.close();
        bobOnTwo.socket.close();
      } finally {
        await dropAll();
      }
    },
  );
});
