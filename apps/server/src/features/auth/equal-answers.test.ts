// Answers that must not tell whether an account exists (decision 010): password reset, sign-up and
// its resend answer before anything that depends on the account is done, so they cannot take
// longer for one. Held mail makes that visible without timing anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { backgroundWorkSettled } from '../../auth/background-work.ts';
import { eq } from 'drizzle-orm';
import { mailQueue } from '../../db/schema.ts';
import { codeResendAfterMs } from '../../auth/one-time-codes.ts';
import { createLogger } from '../../logger.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import {
  call,
  lastMail,
  mailCount,
  signUp,
  testPassword,
  uniqueEmail,
} from '../../test/auth-helpers.ts';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app.ts';
import { createUser } from '../../test/users.ts';

const clock = manualClock();
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  t = await createTestApp({ clock, logger });
});
afterAll(() => t.close());

const requestReset = (app: TestApp, email: string) =>
  call(app, 'POST', '/auth/password-reset', { email });
const startSignUp = (email: string) =>
  call(t, 'POST', '/auth/sign-up', { email, password: testPassword });
const resend = (email: string) => call(t, 'POST', '/auth/sign-up/resend', { email });

/**
 * Holds every mail until released: an answer that waits for a mail does not arrive meanwhile.
 * Mail is kept in the transaction of its change, then sent after the answer (`deliverQueued`):
 * the sending is what is held.
 */
async function holdMail(app: TestApp) {
  await backgroundWorkSettled(app.ctx);
  const mailer = app.ctx.mailer;
  const keep = mailer.keep.bind(mailer);
  const deliver = mailer.deliverQueued.bind(mailer);
  const heldFor: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  mailer.keep = async (tx, message: MailMessage, at) => {
    heldFor.push(message.to);
    await keep(tx, message, at);
  };
  mailer.deliverQueued = async (at) => {
    await released;
    return deliver(at);
  };
  return {
    heldFor,
    /** Lets the held mail go and waits until it is sent. */
    async release() {
      release();
      await backgroundWorkSettled(app.ctx);
    },
    restore() {
      release();
      mailer.keep = keep;
      mailer.deliverQueued = deliver;
    },
  };
}

/** The answer, or a failure naming what it waited for. */
async function answered(request: Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer while the mail was held')), 5_000);
  });
  try {
    return await Promise.race([request, stuck]);
  } finally {
    clearTimeout(timer);
  }
}

describe('answers that do not depend on the account existing', () => {
  it('password reset answers before any mail goes, for an address with and without an account', async () => {
    const user = await createUser(t);
    const stranger = uniqueEmail();
    const mail = await holdMail(t);
    try {
      const known = await answered(requestReset(t, user.email));
      const unknown = await answered(requestReset(t, stranger));
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(unknown.body).toBe(known.body);
      await mail.release();
      expect(mail.heldFor).toEqual([user.email]);
      expect((await lastMail(t, user.email))?.subject).toBe('Reset your password — Secure Vault');
      expect(await mailCount(t, stranger)).toBe(0);
    } finally {
      mail.restore();
    }
  });

  it('sign-up answers before any mail goes, whether or not the address has an account', async () => {
    const existing = await signUp(t);
    clock.advance(codeResendAfterMs);
    const fresh = uniqueEmail();
    const mail = await holdMail(t);
    try {
      const taken = await answered(startSignUp(existing.email));
      const free = await answered(startSignUp(fresh));
      expect(taken.statusCode).toBe(202);
      expect(free.statusCode).toBe(202);
      expect(free.body).toBe(taken.body);
      await mail.release();
      expect(mail.heldFor.sort()).toEqual([existing.email, fresh].sort());
      expect((await lastMail(t, existing.email))?.subject).toBe(
        'You already have an account — Secure Vault',
      );
      expect((await lastMail(t, fresh))?.subject).toBe('Your verification code — Secure Vault');
    } finally {
      mail.restore();
    }
  });

  it('a resend answers before any mail goes, for an account, a sign-up in progress and a stranger', async () => {
    const existing = await signUp(t);
    const inProgress = uniqueEmail();
    await startSignUp(inProgress);
    clock.advance(codeResendAfterMs);
    const stranger = uniqueEmail();
    const mail = await holdMail(t);
    try {
      const answers = [
        await answered(resend(existing.email)),
        await answered(resend(inProgress)),
        await answered(resend(stranger)),
      ];
      expect(answers.map((res) => res.statusCode)).toEqual([202, 202, 202]);
      expect(new Set(answers.map((res) => res.body)).size).toBe(1);
      await mail.release();
      expect(mail.heldFor.sort()).toEqual([existing.email, inProgress].sort());
      expect(await mailCount(t, stranger)).toBe(0);
    } finally {
      mail.restore();
    }
  });

  it('logs a failure after the answer without the address, and keeps serving', async () => {
    const user = await createUser(t);
    const mailer = t.ctx.mailer;
    const deliver = mailer.deliverQueued.bind(mailer);
    mailer.deliverQueued = () =>
      Promise.reject(new Error(`550 mailbox unavailable: ${user.email}`));
    try {
      const res = await requestReset(t, user.email);
      expect(res.statusCode).toBe(202);
      await backgroundWorkSettled(t.ctx);
    } finally {
      mailer.deliverQueued = deliver;
    }
    const failures = lines.filter((line) => line.includes('background work failed'));
    expect(failures).toHaveLength(1);
    // The link's mail was kept with the link: not lost, it waits for the runner.
    const kept = await t.ctx.db.select().from(mailQueue).where(eq(mailQueue.to, user.email));
    expect(kept.map((row) => [row.subject, row.sentAt])).toEqual([
      ['Reset your password — Secure Vault', null],
    ]);
    expect(failures[0]).toContain('"task":"password_reset_request"');
    expect(lines.join('')).not.toContain(user.email);
    expect((await requestReset(t, user.email)).statusCode).toBe(202);
    expect((await lastMail(t, user.email))?.subject).toBe('Reset your password — Secure Vault');
  });

  it('closing the app waits for mail still being sent after an answer', async () => {
    const other = await createTestApp({ clock });
    const user = await createUser(other);
    const mail = await holdMail(other);
    let isClosed = false;
    try {
      expect((await answered(requestReset(other, user.email))).statusCode).toBe(202);
      const closing = other.app.close().then(() => {
        isClosed = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(isClosed).toBe(false);
      await mail.release();
      await closing;
      expect(mail.heldFor).toEqual([user.email]);
      expect((await lastMail(other, user.email))?.subject).toBe(
        'Reset your password — Secure Vault',
      );
    } finally {
      mail.restore();
      await other.close();
    }
  });
});
