// Helpers for the transfer, request and Transfer Management tests: refusals as a caller reads
// them, custody items added through the ledger (so the journal invariant holds), an
// impersonating session, the customer's and staff's lists, and the realtime notices a customer's
// open page would get.
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { realtimePath } from '@secure-vault/shared/realtime';
import { createSession, sessionCookieName } from '../../auth/sessions.ts';
import { knownCaller } from '../../db/caller.ts';
import { auditLog } from '../../db/schema.ts';
import { addCustodyItem } from '../../ledger/staff.ts';
import { call } from '../../test/auth-helpers.ts';
import type { Customer } from '../../test/customers.ts';
import type { TestApp } from '../../test/test-app.ts';

interface Answer {
  statusCode: number;
  json(): unknown;
}

/** The error code of a refusal, after checking its status. */
export function errorOf(res: Answer, status: number): { code: string; message: string } {
  const body = res.json() as { error?: { code: string; message: string } };
  if (res.statusCode !== status || !body.error) {
    throw new Error(`expected ${status}, got ${res.statusCode} ${JSON.stringify(body)}`);
  }
  return body.error;
}

export function issuesOf(res: Answer): { path: string; message: string }[] | undefined {
  return (res.json() as { error: { issues?: { path: string; message: string }[] } }).error.issues;
}

/** A custody item (jewelry, artwork…) added as staff would, with its journal row. */
export async function custodyItem(
  t: TestApp,
  userId: string,
  itemName: string,
  estimatedValue: string,
  itemType = 'jewelry',
): Promise<string> {
  const row = await addCustodyItem(t.ctx.database, knownCaller(userId, null), {
    item: { itemName, itemType, estimatedValue, description: null, storageLocation: 'Vault A' },
    at: t.ctx.clock.now(),
    audit: { action: 'admin.valuable_added', details: {}, ip: null },
  });
  return row.id;
}

/** The customer, signed in by a staff member impersonating them. */
export async function impersonated(t: TestApp, customer: Customer, staffId: string) {
  const session = await createSession(t.ctx.db, {
    userId: customer.userId,
    now: t.ctx.clock.now(),
    userAgent: null,
    impersonatorId: staffId,
  });
  return { ...customer, cookie: session.token };
}

export async function myTransfers(t: TestApp, customer: Pick<Customer, 'cookie'>, query = '') {
  const res = await call(t, 'GET', `/me/transfers${query}`, undefined, { cookie: customer.cookie });
  if (res.statusCode !== 200) throw new Error(`my transfers: ${res.statusCode} ${res.body}`);
  return res.json<{
    items: Record<string, unknown>[];
    total: number;
    counts: Record<string, number>;
  }>();
}

export async function auditRows(t: TestApp, action: string, userId: string) {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectUserId, userId)));
}

export interface Socket {
  /** The topics received so far. */
  topics: string[];
  /** Resolves once every one of `topics` has arrived (or rejects after a few seconds). */
  waitFor(topics: string[]): Promise<void>;
  close(): void;
}

/** A customer's open page: the realtime socket of their session. */
export async function openSocket(t: TestApp, cookie: string): Promise<Socket> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const socket = new WebSocket(`ws://127.0.0.1:${port}${realtimePath}`, {
    headers: { cookie: `${sessionCookieName}=${cookie}` },
  });
  const topics: string[] = [];
  const listeners = new Set<() => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : '') as {
      topic?: string;
    };
    if (message.topic) topics.push(message.topic);
    for (const listener of listeners) listener();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    topics,
    waitFor: (wanted) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (wanted.every((topic) => topics.includes(topic))) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`waited for ${wanted.join(', ')}; got ${topics.join(', ') || 'none'}`));
        }, 5000);
        listeners.add(check);
        check();
      }),
    close: () => socket.close(),
  };
}
