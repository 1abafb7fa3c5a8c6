// The outbox's "newest first": the dev mailbox and the tests read the latest code or notice from
// it, so mails kept at the same instant must still come back in the order they were sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createMailer, readOutbox } from './mailer.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the outbox', () => {
  it('lists mails sent at the same instant newest first, in the order they were sent', async () => {
    const to = 'same-instant@example.com';
    const subjects = Array.from({ length: 12 }, (_, n) => `Notice ${n + 1}`);
    // One transaction: every row gets the same created_at, so only the sending order tells them apart.
    await t.ctx.db.transaction(async (tx) => {
      const mailer = createMailer({
        db: tx,
        mailUrl: undefined,
        from: 'Secure Vault <no-reply@securevault.example>',
        logger: createLogger('silent'),
      });
      for (const subject of subjects) await mailer.send({ to, subject, text: subject });
    });

    const listed = await readOutbox(t.ctx.db, to);
    expect(new Set(listed.map((mail) => mail.createdAt)).size).toBe(1);
    expect(listed.map((mail) => mail.subject)).toEqual([...subjects].reverse());
  });
});
