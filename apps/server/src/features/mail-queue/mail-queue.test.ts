// Staff see the mail that has not reached its reader (GET /api/v1/admin/mail): what waits to be
// tried again and what was given up, with the error kept; sent mail is not listed, and nobody but
// staff reads the list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UndeliveredMailList } from '@secure-vault/shared/mail-queue/contracts';
import { mailQueue } from '../../db/schema.ts';
import { call } from '../../test/auth-helpers.ts';
import { createCustomer, type Customer } from '../../test/customers.ts';
import { createStaffMember } from '../../test/money-movements.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let staff: Customer;
let customer: Customer;
beforeAll(async () => {
  t = await createTestApp();
  staff = await createStaffMember(t);
  customer = await createCustomer(t);
});
afterAll(() => t.close());

describe('undelivered mail', () => {
  it('lists what waits and what was given up, newest first, without the sent', async () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 28, 12, minutes));
    await t.ctx.db.insert(mailQueue).values([
      {
        to: 'sent@example.com',
        subject: 'Delivered',
        text: '',
        attempts: 1,
        createdAt: at(0),
        nextAttemptAt: at(2),
        sentAt: at(0),
      },
      {
        to: 'down@example.com',
        subject: 'Your transfer',
        text: 'Hello',
        attempts: 2,
        createdAt: at(1),
        nextAttemptAt: at(3),
        lastError: 'mail to 0123456789ab was not sent',
      },
      {
        to: 'refused@example.com',
        subject: 'Your code',
        text: 'Hello',
        attempts: 1,
        createdAt: at(2),
        nextAttemptAt: at(4),
        givenUpAt: at(2),
        lastError: 'mail to ba9876543210 was not sent (550)',
      },
    ]);
    const res = await call(t, 'GET', '/admin/mail', undefined, { cookie: staff.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json<UndeliveredMailList>()).toEqual({
      waiting: 1,
      givenUp: 1,
      messages: [
        {
          id: expect.any(String),
          to: 'refused@example.com',
          subject: 'Your code',
          state: 'given_up',
          attempts: 1,
          createdAt: at(2).toISOString(),
          nextAttemptAt: at(4).toISOString(),
          givenUpAt: at(2).toISOString(),
          failure: { responseCode: 550 },
        },
        {
          id: expect.any(String),
          to: 'down@example.com',
          subject: 'Your transfer',
          state: 'waiting',
          attempts: 2,
          createdAt: at(1).toISOString(),
          nextAttemptAt: at(3).toISOString(),
          givenUpAt: null,
          failure: { responseCode: null },
        },
      ],
    });
  });

  it('is refused to customers and strangers', async () => {
    const asCustomer = await call(t, 'GET', '/admin/mail', undefined, { cookie: customer.cookie });
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.body).not.toContain('refused@example.com');
    expect((await call(t, 'GET', '/admin/mail')).statusCode).toBe(401);
  });
});
