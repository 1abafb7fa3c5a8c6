// Mail is kept in the transaction of the change it reports (decision 022): a transfer's two
// emails and a maturity's are queued by the ledger's own functions, rendered when they are sent.
// What a customer would notice: a transfer that commits always gets its emails, even when the
// process that made it stops before sending them; one that is refused, or a replay, sends none;
// each email is in its reader's language and names what moved.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, mailQueue } from '../db/schema.ts';
import { knownCaller } from '../db/caller.ts';
import { limits, limitWindow } from '../auth/rate-limit.ts';
import { cancelAsCustomer, openRequest, transferAsset } from '../ledger/transfers.ts';
import {
  addBankAccount,
  cashIdOf,
  sendTransfer,
  verifiedCustomer,
} from '../test/money-movements.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { backgroundWorkSettled } from '../auth/background-work.ts';
import { call } from '../test/auth-helpers.ts';
import { renderTemplate } from './templated.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const queuedFor = (...emails: string[]) =>
  t.ctx.db.select().from(mailQueue).where(inArray(mailQueue.to, emails));

describe('mail queued in the change it reports', () => {
  it('queues both emails of a transfer in its transaction, and the runner sends them if no one else did', async () => {
    const sender = await verifiedCustomer(t, { cash: '500' });
    const receiver = await verifiedCustomer(t, { cash: '1' });
    const at = t.ctx.clock.now();
    // The ledger call alone, as a process that stopped right after commit leaves it: no
    // after-the-answer send.
    const result = await transferAsset(t.ctx.database, knownCaller(sender.userId), {
      id: crypto.randomUUID(),
      receiverAccountNumber: receiver.accountNumber,
      valuableId: await cashIdOf(t, sender.userId),
      quantity: '12.5',
      language: 'ar',
      lookups: limitWindow(t.ctx.config.dataKey, at, {
        limit: limits.recipientLookupUser,
        value: sender.userId,
      }),
      at,
      idempotency: { key: crypto.randomUUID(), requestHash: 'h' },
    });
    expect('outcome' in result && result.outcome.status).toBe(201);
    const queued = await queuedFor(sender.email, receiver.email);
    expect(queued.map((row) => [row.to, row.template, row.sentAt])).toEqual(
      expect.arrayContaining([
        [sender.email, 'transfer_sent', null],
        [receiver.email, 'transfer_received', null],
      ]),
    );
    expect(queued).toHaveLength(2);

    // Any process's runner sends them, rendered: the sender's in the language they asked in.
    expect(await t.ctx.mailer.deliverDue(t.ctx.clock.now())).toBeGreaterThanOrEqual(2);
    const [toSender] = await t.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, sender.email));
    expect(toSender?.subject).toBe('تم إرسال التحويل — Secure Vault');
    expect(toSender?.text).toContain('$12.50');
    const [toReceiver] = await t.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, receiver.email));
    expect(toReceiver?.subject).toBe('You received a transfer — Secure Vault');
    expect(toReceiver?.text).toContain(`(${sender.accountNumber})`);
    const sent = await queuedFor(sender.email, receiver.email);
    // Sent: the subject stays, the words and their data go.
    expect(sent.every((row) => row.sentAt !== null && row.text === '' && row.data === null)).toBe(
      true,
    );
    expect(sent.map((row) => row.subject).sort()).toEqual(
      ['You received a transfer — Secure Vault', 'تم إرسال التحويل — Secure Vault'].sort(),
    );
  });

  it('queues nothing for a refused transfer or a replay, and the request sends its own at once', async () => {
    const sender = await verifiedCustomer(t, { cash: '20' });
    const receiver = await verifiedCustomer(t, { cash: '1' });
    const cash = await cashIdOf(t, sender.userId);
    const refused = await sendTransfer(t, sender, receiver, cash, '25');
    expect(refused.statusCode).toBe(422);
    await backgroundWorkSettled(t.ctx);
    expect(await queuedFor(sender.email, receiver.email)).toEqual([]);

    // A backlog waiting for the runner (another request's, due) does not ride on this one.
    const [backlog] = await t.ctx.db
      .insert(mailQueue)
      .values({
        to: 'backlog@example.com',
        subject: 'Waiting for the runner',
        text: 'Hi',
        requestId: 'another-request',
        nextAttemptAt: t.ctx.clock.now(),
      })
      .returning();
    const key = crypto.randomUUID();
    const body = { receiverAccountNumber: receiver.accountNumber, valuableId: cash, quantity: '5' };
    const headers = { 'idempotency-key': key };
    const first = await call(t, 'POST', '/transfers', body, { cookie: sender.cookie, headers });
    expect(first.statusCode, first.body).toBe(201);
    const again = await call(t, 'POST', '/transfers', body, { cookie: sender.cookie, headers });
    expect(again.statusCode).toBe(201);
    await backgroundWorkSettled(t.ctx);
    const rows = await queuedFor(sender.email, receiver.email);
    expect(rows).toHaveLength(2);
    // Sent after the answer by the process that made it, not left for the runner.
    expect(rows.every((row) => row.sentAt !== null)).toBe(true);
    const [stillWaiting] = await t.ctx.db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.id, String(backlog?.id)));
    expect(stillWaiting?.sentAt).toBeNull();
    expect(await t.ctx.mailer.deliverDue(t.ctx.clock.now())).toBeGreaterThanOrEqual(1);
  });

  it("queues a request's email in its transaction, in the language it was asked in", async () => {
    const customer = await verifiedCustomer(t, { cash: '1' });
    const outcome = await openRequest(t.ctx.database, knownCaller(customer.userId), {
      id: crypto.randomUUID(),
      type: 'card_deposit',
      amount: '75.00',
      reference: 'TXN1795000000000123',
      details: { cardLastFour: '4242', cardType: 'Visa' },
      extra: null,
      language: 'ar',
      at: t.ctx.clock.now(),
      idempotency: { key: crypto.randomUUID(), requestHash: 'h' },
    });
    expect(outcome.status).toBe(201);
    const [row] = await queuedFor(customer.email);
    expect(row).toMatchObject({ template: 'request_received', sentAt: null });
    await t.ctx.mailer.deliverDue(t.ctx.clock.now());
    const [mail] = await t.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, customer.email));
    expect(mail?.text).toContain('TXN1795000000000123');
    expect(mail?.html).toContain('dir="rtl"');
    expect(mail?.subject).toMatch(/[\u0600-\u06FF]/);
  });

  it('queues the email that a request is final in the deciding transaction, in the language it was asked in', async () => {
    const customer = await verifiedCustomer(t, { cash: '300' });
    const caller = knownCaller(customer.userId);
    const opened = await openRequest(t.ctx.database, caller, {
      id: crypto.randomUUID(),
      type: 'withdrawal',
      amount: '120.00',
      reference: 'WTH1795000000000456',
      details: { bankAccountId: await addBankAccount(t, customer.userId) },
      extra: null,
      language: 'en',
      at: t.ctx.clock.now(),
      idempotency: { key: crypto.randomUUID(), requestHash: 'h' },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const cancelled = await cancelAsCustomer(t.ctx.database, caller, {
      id: opened.body.id,
      at: t.ctx.clock.now(),
      ip: null,
      idempotency: { key: crypto.randomUUID(), requestHash: 'h2' },
    });
    expect(cancelled.status).toBe(200);
    const rows = await queuedFor(customer.email);
    expect(rows.map((row) => row.template).sort()).toEqual(['request_decided', 'request_received']);
    await t.ctx.mailer.deliverDue(t.ctx.clock.now());
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, customer.email));
    expect(mails.map((mail) => mail.text).join('\n')).toMatch(/cancelled/i);
  });

  it('gives up a row that does not fit its template rather than send it half-filled', async () => {
    expect(() => renderTemplate('transfer_sent', { language: 'en' })).toThrow();
    expect(() => renderTemplate('no_such_template', {})).toThrow('unknown mail template');
    const [row] = await t.ctx.db
      .insert(mailQueue)
      .values({
        to: 'broken-template@example.com',
        subject: '',
        text: '',
        template: 'transfer_sent',
        data: { language: 'en', transfer: { id: 'not a transfer' } },
        nextAttemptAt: t.ctx.clock.now(),
      })
      .returning();
    await t.ctx.mailer.deliverDue(t.ctx.clock.now());
    const [after] = await t.ctx.db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.id, String(row?.id)));
    expect(after?.givenUpAt).not.toBeNull();
    expect(after?.lastError).toBe('cannot be rendered (transfer_sent)');
    expect(
      await t.ctx.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, 'broken-template@example.com')),
    ).toEqual([]);
  });
});
