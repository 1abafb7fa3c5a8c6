// Staff send a given-up message again (POST /api/v1/admin/mail/:id/resend): it waits again, due
// at once, with its attempts started over and its text intact, and the job runner delivers it;
// the staff member is in the audit log. Only a given-up message, and only once however many
// press at the same time; nobody but staff who passed their second factor may, and only with
// the application's header.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UndeliveredMail } from '@secure-vault/shared/mail-queue/contracts';
import { auditLog, mailQueue } from '../../db/schema.ts';
import { readOutbox } from '../../mail/mailer.ts';
import { call, enableTwoFactor, grantAdmin, sessionCookie } from '../../test/auth-helpers.ts';
import { createCustomer, type Customer, openSession } from '../../test/customers.ts';
import { createStaffMember } from '../../test/money-movements.ts';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let staff: Customer;
let customer: Customer;
beforeAll(async () => {
  t = await createTestApp({ clock: manualClock(new Date('2026-12-02T09:00:00Z')) });
  staff = await createStaffMember(t);
  customer = await createCustomer(t);
});
afterAll(() => t.close());

const minutesAgo = (minutes: number) => new Date(t.ctx.clock.now().getTime() - minutes * 60_000);

/** A message kept as the mailer leaves one in each state. */
async function keptMail(state: 'given_up' | 'waiting' | 'sent', to = 'someone@example.com') {
  const [row] = await t.ctx.db
    .insert(mailQueue)
    .values({
      to,
      subject: `Your code (${state})`,
      text: state === 'sent' ? '' : 'Your code is 482913.',
      html: state === 'sent' ? null : '<p>Your code is 482913.</p>',
      attempts: state === 'given_up' ? 10 : 2,
      createdAt: minutesAgo(200),
      nextAttemptAt: minutesAgo(state === 'waiting' ? -5 : 100),
      sentAt: state === 'sent' ? minutesAgo(150) : null,
      givenUpAt: state === 'given_up' ? minutesAgo(20) : null,
      lastError:
        state === 'sent'
          ? null
          : `mail to 0123456789ab was not sent${state === 'given_up' ? ' (550)' : ''}`,
    })
    .returning();
  if (!row) throw new Error('no kept mail');
  return row;
}

/** The call as the Mail tab makes it, as staff unless another session (or none) is given. */
const resend = (id: string, caller: { cookie?: string | undefined } = staff) =>
  call(t, 'POST', `/admin/mail/${id}/resend`, undefined, { cookie: caller.cookie });

const rowOf = async (id: string) =>
  (await t.ctx.db.select().from(mailQueue).where(eq(mailQueue.id, id)))[0];

const auditsOf = (mailId: string) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, 'admin.mail_resent'))
    .then((rows) => rows.filter((row) => row.details.mail === mailId));

const errorOf = (res: { json: <T>() => T }) =>
  res.json<{ error: { code: string; message: string } }>().error;

describe('sending a given-up message again', () => {
  it('makes it wait again, due now, with its text, and the runner delivers it', async () => {
    const mail = await keptMail('given_up', customer.email);
    const res = await resend(mail.id);
    expect(res.statusCode, res.body).toBe(200);
    const now = t.ctx.clock.now();
    expect(res.json<UndeliveredMail>()).toEqual({
      id: mail.id,
      to: customer.email,
      subject: 'Your code (given_up)',
      state: 'waiting',
      attempts: 0,
      createdAt: mail.createdAt.toISOString(),
      nextAttemptAt: now.toISOString(),
      givenUpAt: null,
      // Why it failed before, until the next attempt says otherwise.
      failure: { responseCode: 550 },
    });
    expect(await rowOf(mail.id)).toMatchObject({
      givenUpAt: null,
      sentAt: null,
      attempts: 0,
      nextAttemptAt: now,
      text: 'Your code is 482913.',
    });

    const audits = await auditsOf(mail.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: staff.userId,
      subjectUserId: customer.userId,
      createdAt: now,
      details: {
        mail: mail.id,
        toHash: expect.stringMatching(/^[0-9a-f]{12}$/),
        lastError: 'mail to 0123456789ab was not sent (550)',
      },
    });
    expect(JSON.stringify(audits[0]?.details)).not.toContain(customer.email);

    // The job runner's next pass sends it (here the outbox is the transport), text and all.
    expect(await t.ctx.mailer.deliverDue(now)).toBe(1);
    const [delivered] = await readOutbox(t.ctx.db, customer.email);
    expect(delivered).toMatchObject({
      subject: 'Your code (given_up)',
      text: 'Your code is 482913.',
    });
    expect(await rowOf(mail.id)).toMatchObject({ sentAt: now, attempts: 1, text: '' });
    // Sent now, it cannot be sent again from the panel.
    expect(errorOf(await resend(mail.id)).code).toBe('CONFLICT');
  });

  it('queues it once when two staff members press at the same time', async () => {
    const mail = await keptMail('given_up');
    const other = await createStaffMember(t);
    const answers = await Promise.all([resend(mail.id), resend(mail.id, other)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect((await rowOf(mail.id))?.attempts).toBe(0);
    expect(await auditsOf(mail.id)).toHaveLength(1);
  });

  it('refuses a sent message and one still waiting, and says why', async () => {
    const sent = await keptMail('sent');
    const waiting = await keptMail('waiting');
    const sentAnswer = await resend(sent.id);
    expect(sentAnswer.statusCode).toBe(409);
    expect(errorOf(sentAnswer)).toEqual({
      code: 'CONFLICT',
      message: 'This message was sent; only a message that was given up can be sent again.',
    });
    const waitingAnswer = await resend(waiting.id);
    expect(waitingAnswer.statusCode).toBe(409);
    expect(errorOf(waitingAnswer)).toEqual({
      code: 'CONFLICT',
      message:
        'This message is already waiting to be tried again; only a message that was given up can be sent again.',
    });
    // Left exactly as they were.
    expect(await rowOf(sent.id)).toEqual(sent);
    expect(await rowOf(waiting.id)).toEqual(waiting);
    expect([...(await auditsOf(sent.id)), ...(await auditsOf(waiting.id))]).toEqual([]);
  });

  it('answers 404 for a message that does not exist and 400 for what is not an id', async () => {
    const unknown = await resend(randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('NOT_FOUND');
    for (const malformed of ['not-an-id', '1', `${randomUUID()}x`, "'%20or%201=1--"]) {
      const res = await resend(malformed);
      expect(res.statusCode, malformed).toBe(400);
      expect(errorOf(res).code, malformed).toBe('VALIDATION');
    }
  });
});

describe('who may send a message again', () => {
  let mail: Awaited<ReturnType<typeof keptMail>>;
  beforeAll(async () => {
    mail = await keptMail('given_up');
  });

  /** Whatever the caller was answered, the message is still given up and nobody is audited. */
  async function expectUntouched() {
    expect(await rowOf(mail.id)).toEqual(mail);
    expect(await auditsOf(mail.id)).toEqual([]);
  }

  it('refuses customers', async () => {
    const res = await resend(mail.id, customer);
    expect([res.statusCode, errorOf(res).code]).toEqual([403, 'FORBIDDEN']);
    await expectUntouched();
  });

  it('refuses callers who are not signed in', async () => {
    const res = await resend(mail.id, {});
    expect([res.statusCode, errorOf(res).code]).toEqual([401, 'UNAUTHENTICATED']);
    await expectUntouched();
  });

  it('refuses staff without two-factor, and a staff session that did not pass it', async () => {
    const noTwoFactor = await createCustomer(t, { label: 'staff-no-2fa' });
    await grantAdmin(t, noTwoFactor.userId);
    const withoutIt = await resend(mail.id, noTwoFactor);
    expect([withoutIt.statusCode, errorOf(withoutIt).code]).toEqual([403, 'STAFF_2FA_REQUIRED']);

    const member = await createCustomer(t, { label: 'staff' });
    await grantAdmin(t, member.userId);
    const passwordOnly = await openSession(t, member.userId);
    await enableTwoFactor(t, member.cookie);
    const notPassed = await resend(mail.id, { cookie: passwordOnly });
    expect([notPassed.statusCode, errorOf(notPassed).code]).toEqual([
      403,
      'STAFF_SECOND_FACTOR_REQUIRED',
    ]);
    await expectUntouched();
  });

  it('refuses staff signed in as a customer', async () => {
    const link = await call(t, 'POST', `/admin/users/${customer.userId}/impersonate`, undefined, {
      cookie: staff.cookie,
    });
    expect(link.statusCode, link.body).toBe(200);
    const token = /#token=(.+)$/.exec(link.json<{ actionLink: string }>().actionLink)?.[1];
    const opened = await call(
      t,
      'POST',
      '/auth/impersonation/complete',
      { token },
      { cookie: staff.cookie },
    );
    expect(opened.statusCode, opened.body).toBe(200);
    const res = await resend(mail.id, { cookie: sessionCookie(opened) });
    expect([res.statusCode, errorOf(res).code]).toEqual([403, 'FORBIDDEN']);
    await expectUntouched();
  });

  it('refuses a request without the application header (CSRF)', async () => {
    const res = await call(t, 'POST', `/admin/mail/${mail.id}/resend`, undefined, {
      cookie: staff.cookie,
      headers: { 'x-requested-with': '' },
    });
    expect([res.statusCode, errorOf(res).code]).toEqual([403, 'CSRF']);
    await expectUntouched();
  });
});
