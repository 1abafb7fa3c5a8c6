// The notification centre from the customer's side: what a transfer tells both customers, in
// the centre and by mail, in the language each page asks in; read state; paging; another
// customer's notices; and the mail preferences, which never silence a security notice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { notificationKinds, notificationPageSize } from '@secure-vault/shared/notifications';
import { mailQueue } from '../../db/schema.ts';
import { notifications } from '../../db/notifications-schema.ts';
import { backgroundWorkSettled } from '../../auth/background-work.ts';
import { rowsOf } from '../../db/rows.ts';
import { call, lastMail, mailCount } from '../../test/auth-helpers.ts';
import { type Customer, createCustomer } from '../../test/customers.ts';
import { cashIdOf, sendTransfer, verifiedCustomer } from '../../test/money-movements.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = (who: Customer, query = '', language = 'en') =>
  call(t, 'GET', `/me/notifications${query}`, undefined, {
    cookie: who.cookie,
    headers: { 'accept-language': language },
  });
const unread = async (who: Customer) =>
  (await call(t, 'GET', '/me/notifications/unread', undefined, { cookie: who.cookie })).json()
    .unread;

async function transferBetween(): Promise<{ sender: Customer; receiver: Customer }> {
  const sender = await verifiedCustomer(t, { cash: '100', label: 'sender' });
  const receiver = await createCustomer(t, { label: 'receiver' });
  const sent = await sendTransfer(t, sender, receiver, await cashIdOf(t, sender.userId), '25');
  expect(sent.statusCode).toBe(201);
  await backgroundWorkSettled(t.ctx);
  return { sender, receiver };
}

describe('the notification centre', () => {
  it('keeps what a transfer mails both customers, worded in the language the page asks in', async () => {
    const { sender, receiver } = await transferBetween();
    const [received] = (await list(receiver)).json().items;
    expect(received).toMatchObject({
      kind: 'transfer_received',
      category: 'money',
      title: 'You received a transfer',
      link: '/history',
      readAt: null,
    });
    expect(received.body.join(' ')).toContain('$25.00');
    expect(received.body.join(' ')).not.toMatch(/Hello|Kind regards/);
    // The same notice in Arabic, from the same mail template.
    const [arabic] = (await list(receiver, '', 'ar')).json().items;
    expect(arabic.id).toBe(received.id);
    expect(arabic.title).toBe('استلمت تحويلاً');
    // The mail went too, with the same subject.
    expect((await lastMail(t, receiver.email))?.subject).toBe(
      'You received a transfer — Secure Vault',
    );
    const [sent] = (await list(sender)).json().items;
    expect(sent).toMatchObject({ kind: 'transfer_sent', title: 'Transfer sent' });
    expect(await unread(receiver)).toBe(1);
  });

  it('marks one notice read, then all, and refuses another customer’s notice as missing', async () => {
    const { sender, receiver } = await transferBetween();
    const [notice] = (await list(receiver)).json().items;
    const others = await call(t, 'POST', `/me/notifications/${notice.id}/read`, undefined, {
      cookie: sender.cookie,
    });
    expect(others.statusCode).toBe(404);
    expect(await unread(receiver)).toBe(1);
    const mine = await call(t, 'POST', `/me/notifications/${notice.id}/read`, undefined, {
      cookie: receiver.cookie,
    });
    expect(mine.statusCode).toBe(204);
    const [read] = (await list(receiver)).json().items;
    expect(read.readAt).not.toBeNull();
    expect(await unread(receiver)).toBe(0);
    expect(await unread(sender)).toBe(1);
    const all = await call(t, 'POST', '/me/notifications/read-all', undefined, {
      cookie: sender.cookie,
    });
    expect(all.statusCode).toBe(204);
    expect(await unread(sender)).toBe(0);
  });

  it('pages newest first by cursor; a cursor of someone else’s ends the list, a malformed one is refused', async () => {
    const customer = await createCustomer(t);
    const stranger = await createCustomer(t);
    const at = Date.parse('2026-11-21T10:00:00Z');
    const rows = Array.from({ length: notificationPageSize + 5 }, (_, i) => ({
      userId: customer.userId,
      kind: 'password_changed',
      category: 'security' as const,
      data: {
        language: 'en',
        appUrl: 'https://vault.test',
        at: new Date(at + i * 1000).toISOString(),
      },
      createdAt: new Date(at + i * 1000),
    }));
    await t.ctx.db.insert(notifications).values(rows);
    const first = (await list(customer)).json();
    expect(first.items).toHaveLength(notificationPageSize);
    expect(first.items[0].createdAt).toBe(new Date(at + (rows.length - 1) * 1000).toISOString());
    const second = (await list(customer, `?cursor=${first.nextCursor}`)).json();
    expect(second.items).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const seen = new Set([...first.items, ...second.items].map((item: { id: string }) => item.id));
    expect(seen.size).toBe(rows.length);
    // The stranger reads nothing of the customer's through the customer's cursor.
    expect((await list(stranger, `?cursor=${first.nextCursor}`)).json().items).toEqual([]);
    const malformed = await list(customer, '?cursor=not-a-cursor');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('VALIDATION');
  });
  it('shows a notice its template can no longer word as untitled, never failing the list', async () => {
    const customer = await createCustomer(t);
    await t.ctx.db.insert(notifications).values({
      userId: customer.userId,
      kind: 'password_changed',
      category: 'security',
      data: { language: 'en' },
      createdAt: t.ctx.clock.now(),
    });
    const res = await list(customer);
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0]).toMatchObject({ title: 'Notice', body: [] });
    expect((await list(customer, '', 'ar')).json().items[0].title).toBe('إشعار');
  });
});

describe('mail preferences', () => {
  const preferences = (who: Customer, mail?: Record<string, boolean>) =>
    mail
      ? call(t, 'PUT', '/me/notification-preferences', { mail }, { cookie: who.cookie })
      : call(t, 'GET', '/me/notification-preferences', undefined, { cookie: who.cookie });

  it('mails every category until one is turned off; the change itself is a security notice, mailed', async () => {
    const { receiver } = await transferBetween();
    expect((await preferences(receiver)).json()).toEqual({
      mail: { money: true, custody: true, kyc: true },
    });
    const before = await mailCount(t, receiver.email);
    const changed = await preferences(receiver, { money: false, custody: true, kyc: true });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().mail.money).toBe(false);
    expect(await mailCount(t, receiver.email)).toBe(before + 1);
    expect((await lastMail(t, receiver.email))?.subject).toBe(
      'Your notification settings changed — Secure Vault',
    );
    // Saving the same choice again is no change, and tells nobody.
    await preferences(receiver, { money: false, custody: true, kyc: true });
    expect(await mailCount(t, receiver.email)).toBe(before + 1);
  });

  it('keeps a money notice in the centre without mailing it once money mail is off', async () => {
    const sender = await verifiedCustomer(t, { cash: '100' });
    const receiver = await createCustomer(t);
    await preferences(receiver, { money: false, custody: true, kyc: true });
    const before = await mailCount(t, receiver.email);
    await sendTransfer(t, sender, receiver, await cashIdOf(t, sender.userId), '10');
    await backgroundWorkSettled(t.ctx);
    expect(await mailCount(t, receiver.email)).toBe(before);
    const [notice] = (await list(receiver)).json().items;
    expect(notice.kind).toBe('transfer_received');
    // The sender did not turn theirs off.
    expect((await lastMail(t, sender.email))?.subject).toBe('Transfer sent — Secure Vault');
  });

  it('has no switch for security: a body naming it is refused, and nothing changes', async () => {
    const customer = await createCustomer(t);
    const refused = await preferences(customer, {
      money: true,
      custody: true,
      kyc: true,
      security: false,
    });
    expect(refused.statusCode).toBe(400);
    expect((await preferences(customer)).json().mail).toEqual({
      money: true,
      custody: true,
      kyc: true,
    });
  });

  it('words every kind the SQL files under the category the shared list gives it', async () => {
    for (const [kind, category] of Object.entries(notificationKinds)) {
      const result: unknown = await t.ctx.db.execute(
        sql`select notification_category(${kind}, '{}'::jsonb) as category`,
      );
      expect([kind, rowsOf<{ category: string }>(result)[0]?.category]).toEqual([kind, category]);
    }
    const withdrawal: unknown = await t.ctx.db.execute(
      sql`select notification_category('request_received', '{"transfer":{"type":"withdrawal"}}'::jsonb) as category`,
    );
    expect(rowsOf<{ category: string }>(withdrawal)[0]?.category).toBe('security');
    // A kind nobody wrote is refused rather than kept unworded.
    const customer = await createCustomer(t);
    await expect(
      t.ctx.db.execute(
        sql`select notify_customer(${customer.userId}::uuid, 'made_up', '{}'::jsonb, now(), null)`,
      ),
    ).rejects.toThrow();
    expect(await t.ctx.db.select().from(mailQueue).where(eq(mailQueue.to, customer.email))).toEqual(
      [],
    );
  });
});
