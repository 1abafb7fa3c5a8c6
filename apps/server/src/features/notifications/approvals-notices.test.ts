// Staff's approvals queue in the notification centre (issue 28 item 3): a change one staff member
// proposes is a notice for every other staff member, never for its maker, linked to the queue,
// worded in the reader's language, and never mailed; the customer it concerns is told nothing yet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundWorkSettled } from '../../auth/background-work.ts';
import { call, mailCount } from '../../test/auth-helpers.ts';
import { type Customer, createCustomer } from '../../test/customers.ts';
import { createStaffMember } from '../../test/money-movements.ts';
import { keyedApi } from '../../test/vault.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const notices = async (who: Customer, language = 'en') =>
  (
    await call(t, 'GET', '/me/notifications', undefined, {
      cookie: who.cookie,
      headers: { 'accept-language': language },
    })
  ).json().items as {
    kind: string;
    category: string;
    title: string;
    body: string[];
    link: string;
  }[];

describe('a proposal waiting for approval', () => {
  it('is a notice for every other staff member, not its maker nor the customer, and is not mailed', async () => {
    const maker = await createStaffMember(t);
    const checker = await createStaffMember(t);
    const customer = await createCustomer(t);
    const mails = await mailCount(t, checker.email);
    const proposed = await keyedApi(
      t,
      'PUT',
      `/admin/users/${customer.userId}/book-balance`,
      { bookBalance: '250' },
      maker.cookie,
    );
    expect(proposed.statusCode).toBe(202);
    await backgroundWorkSettled(t.ctx);

    const [waiting] = await notices(checker);
    expect(waiting).toMatchObject({
      kind: 'proposal_waiting',
      category: 'approvals',
      title: 'A change is waiting for your approval',
      link: '/admin?tab=approvals',
    });
    expect(waiting?.body[0]).toContain('a book balance ($250.00)');
    expect(waiting?.body.join(' ')).not.toContain(customer.email);
    expect((await notices(checker, 'ar'))[0]?.title).toBe('تغيير بانتظار موافقتك');
    expect(await mailCount(t, checker.email)).toBe(mails);
    expect((await notices(maker)).map((notice) => notice.kind)).not.toContain('proposal_waiting');
    expect(await notices(customer)).toEqual([]);
  });
});
