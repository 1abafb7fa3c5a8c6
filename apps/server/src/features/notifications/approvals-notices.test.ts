// Staff's approvals queue in the notification centre (issue 28 item 3): a change one staff member
// proposes is a notice for every other staff member, never for its maker, linked to the queue,
// worded in the reader's language, and never mailed; the customer it concerns is told nothing yet.
// Once it is decided (approved, rejected, withdrawn, or replaced by a new book balance) nobody
// can act on it: those notices are read, still listed, and the maker of a change another decided
// is told how and by whom, in the centre only.
import { randomUUID } from 'node:crypto';
import type { Proposal } from '@secure-vault/shared/approvals';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundWorkSettled } from '../../auth/background-work.ts';
import { staffProposals } from '../../db/approvals-schema.ts';
import type { Notice } from '../../db/notices.ts';
import { approveProposal, rejectProposal, withdrawProposal } from '../../test/approvals.ts';
import { call, mailCount, sessionCookie } from '../../test/auth-helpers.ts';
import { type Customer, createCustomer } from '../../test/customers.ts';
import { staffReference } from '../../mail/staff-access-templates.ts';
import { createStaffMember } from '../../test/money-movements.ts';
import { listenToNotices, type NoticeListener } from '../../test/notices.ts';
import { keyedApi } from '../../test/vault.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let listener: NoticeListener;
beforeAll(async () => {
  t = await createTestApp();
  listener = await listenToNotices(t.ctx.database);
});
afterAll(async () => {
  await listener.stop();
  await t.close();
});

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
    readAt: string | null;
  }[];

const unread = async (who: Customer) =>
  (await call(t, 'GET', '/me/notifications/unread', undefined, { cookie: who.cookie })).json<{
    unread: number;
  }>().unread;

/** `maker` proposes `amount` as the customer's book balance; the proposal waits. */
async function proposeBookBalance(
  maker: Customer,
  customer: Customer,
  amount: string,
): Promise<Proposal> {
  const proposed = await keyedApi(
    t,
    'PUT',
    `/admin/users/${customer.userId}/book-balance`,
    { bookBalance: amount },
    maker.cookie,
  );
  expect(proposed.statusCode, proposed.body).toBe(202);
  return proposed.json<Proposal>();
}

/** The reader's notice that a change of `dollars` ("$250.00") is waiting, as they list it. */
async function waitingOf(who: Customer, dollars: string) {
  return (await notices(who)).find(
    (notice) => notice.kind === 'proposal_waiting' && notice.body[0]?.includes(`(${dollars})`),
  );
}

/** The realtime topics each user heard of while `act` ran (a marker closes the batch). */
async function heardDuring(act: () => Promise<unknown>): Promise<Notice[]> {
  listener.heard.length = 0;
  await act();
  const marker = randomUUID();
  t.ctx.database.publish([{ userId: marker, topic: 'valuables' }]);
  await expect.poll(() => listener.heard.some((n) => n.userId === marker)).toBe(true);
  return [...listener.heard];
}

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

describe('a decided proposal', () => {
  it('reads as done for every other staff member, approved, rejected, withdrawn or replaced, and only its own', async () => {
    const maker = await createStaffMember(t);
    const checker = await createStaffMember(t);
    const other = await createStaffMember(t);
    const customers = await Promise.all([1, 2, 3, 4].map(() => createCustomer(t)));
    const [toApprove, toReject, toWithdraw, toReplace] = customers as [
      Customer,
      Customer,
      Customer,
      Customer,
    ];
    const approved = await proposeBookBalance(maker, toApprove, '101');
    const rejected = await proposeBookBalance(maker, toReject, '102');
    const withdrawn = await proposeBookBalance(maker, toWithdraw, '103');
    await proposeBookBalance(maker, toReplace, '104');
    const waiting = ['$101.00', '$102.00', '$103.00', '$104.00'];
    for (const staff of [checker, other]) {
      for (const dollars of waiting) expect((await waitingOf(staff, dollars))?.readAt).toBeNull();
    }
    const before = { checker: await unread(checker), other: await unread(other) };

    const steps: [string, () => Promise<{ statusCode: number; body: string }>][] = [
      ['$101.00', () => approveProposal(t, checker, approved.id)],
      ['$102.00', () => rejectProposal(t, checker, rejected.id, 'No wire received')],
      ['$103.00', () => withdrawProposal(t, maker, withdrawn.id)],
      // A new book balance for the same customer, by another, withdraws the one waiting.
      [
        '$104.00',
        () =>
          proposeBookBalance(checker, toReplace, '204').then(() => ({ statusCode: 200, body: '' })),
      ],
    ];
    let decided = 0;
    for (const [dollars, act] of steps) {
      const heard = await heardDuring(async () => {
        const res = await act();
        expect(res.statusCode, res.body).toBe(200);
      });
      decided += 1;
      // Each bell holding the notice hears of it at once.
      for (const staff of [checker, other]) {
        expect(heard).toContainEqual({ userId: staff.userId, topic: 'notifications' });
        const notice = await waitingOf(staff, dollars);
        // Still in the list, as history, but read.
        expect(notice?.title).toBe('A change is waiting for your approval');
        expect(notice?.readAt).not.toBeNull();
      }
      // The proposals not decided yet still wait, unread.
      for (const still of waiting.slice(decided)) {
        expect((await waitingOf(other, still))?.readAt).toBeNull();
      }
    }
    // Each bell counts four fewer; the other staff member's one more, for the new book balance
    // now waiting (its maker, the checker, is not told of their own).
    expect(await unread(other)).toBe(before.other - 4 + 1);
    expect(await unread(checker)).toBe(before.checker - 4);
    // The maker of the replaced one is told who replaced it.
    const replaced = (await notices(maker)).find((n) => n.body[0]?.includes('($104.00)'));
    expect(replaced).toMatchObject({
      kind: 'proposal_decided',
      title: 'Your proposed change was replaced',
    });
    expect(replaced?.body[0]).toBe(
      `${checker.email} recorded a new book balance for the same customer, so a book balance ($104.00) you proposed was withdrawn and nothing changed.`,
    );
  });

  it('tells its maker how it was decided and by whom, in the centre only, and not a withdrawal of their own', async () => {
    const maker = await createStaffMember(t);
    const checker = await createStaffMember(t);
    const customer = await createCustomer(t);
    const other = await createCustomer(t);
    const third = await createCustomer(t);
    const mails = await mailCount(t, maker.email);
    const first = await proposeBookBalance(maker, customer, '310');
    const second = await proposeBookBalance(maker, other, '320');
    const thirdProposal = await proposeBookBalance(maker, third, '330');
    // The customer hears nothing of a change still waiting.
    expect(await notices(customer)).toEqual([]);

    const heard = await heardDuring(() => approveProposal(t, checker, first.id));
    expect(heard).toContainEqual({ userId: maker.userId, topic: 'notifications' });
    await rejectProposal(t, checker, second.id, 'No signed receipt');
    await withdrawProposal(t, maker, thirdProposal.id);

    const told = (await notices(maker)).filter((notice) => notice.kind === 'proposal_decided');
    expect(told).toHaveLength(2);
    const [rejection, approval] = told;
    expect(approval).toMatchObject({
      category: 'approvals',
      title: 'Your proposed change was approved',
      link: '/admin?tab=approvals',
      readAt: null,
    });
    expect(approval?.body[0]).toBe(
      `${checker.email} approved a book balance ($310.00) you proposed on a customer's account. It has taken effect.`,
    );
    expect(rejection).toMatchObject({ title: 'Your proposed change was rejected', readAt: null });
    expect(rejection?.body[0]).toContain(`${checker.email} rejected a book balance ($320.00)`);
    expect(rejection?.body[0]).toContain('"No signed receipt"');
    expect(told.map((notice) => notice.body.join(' ')).join(' ')).not.toContain(customer.email);

    const arabic = (await notices(maker, 'ar')).filter((n) => n.kind === 'proposal_decided');
    expect(arabic.map((notice) => notice.title)).toEqual([
      'رُفض اقتراحك',
      'تمت الموافقة على اقتراحك',
    ]);
    expect(arabic[1]?.body[0]).toContain(`وافق الموظف \u2066${checker.email}\u2069 على اقتراحك`);
    // Approvals are never mailed, to the maker as to the others.
    expect(await mailCount(t, maker.email)).toBe(mails);
    // The checker is not told of their own decision.
    expect((await notices(checker)).map((n) => n.kind)).not.toContain('proposal_decided');
    // The customer is told nothing of the proposal itself: the rejected and withdrawn changes
    // say nothing to theirs, and no approvals notice reaches the one approved.
    for (const who of [customer, other, third]) {
      expect((await notices(who)).map((n) => n.category)).not.toContain('approvals');
    }
    expect(await notices(other)).toEqual([]);
    expect(await notices(third)).toEqual([]);
  });

  it('closes a waiting notice from before notices named their proposal, and no other', async () => {
    const maker = await createStaffMember(t);
    const checker = await createStaffMember(t);
    const proposals = await Promise.all(
      ['510', '520'].map(async (amount) =>
        proposeBookBalance(maker, await createCustomer(t), amount),
      ),
    );
    // As the first waiting notices were kept: the proposal's maker, kind, amount and time only.
    for (const proposal of proposals) {
      const [row] = await t.ctx.db
        .select()
        .from(staffProposals)
        .where(eq(staffProposals.id, proposal.id));
      if (!row) throw new Error('no proposal');
      const data = {
        language: 'en',
        proposalKind: row.kind,
        amount: row.amount,
        makerRef: staffReference(row.makerId),
      };
      await t.ctx.db.execute(
        sql`update notifications set data = ${JSON.stringify(data)}::jsonb
          where user_id = ${checker.userId}::uuid and data ->> 'proposalId' = ${row.id}`,
      );
    }
    expect((await waitingOf(checker, '$510.00'))?.readAt).toBeNull();

    const [first] = proposals;
    expect((await approveProposal(t, checker, first?.id ?? '')).statusCode).toBe(200);
    expect((await waitingOf(checker, '$510.00'))?.readAt).not.toBeNull();
    expect((await waitingOf(checker, '$520.00'))?.readAt).toBeNull();
  });

  it('is not decided, nor its notices read, by staff signed in as a customer', async () => {
    const maker = await createStaffMember(t);
    const checker = await createStaffMember(t);
    const customer = await createCustomer(t);
    const proposal = await proposeBookBalance(maker, customer, '410');
    const link = await call(t, 'POST', `/admin/users/${customer.userId}/impersonate`, undefined, {
      cookie: checker.cookie,
    });
    expect(link.statusCode, link.body).toBe(200);
    const token = link.json<{ actionLink: string }>().actionLink.split('#token=')[1] ?? '';
    const session = await call(
      t,
      'POST',
      '/auth/impersonation/complete',
      { token },
      { cookie: checker.cookie },
    );
    expect(session.statusCode, session.body).toBe(200);
    const asCustomer = { ...customer, cookie: sessionCookie(session) ?? '' };
    const unreadBefore = await unread(asCustomer);

    const refused = await approveProposal(t, asCustomer, proposal.id);
    expect(refused.statusCode).toBe(403);
    const marking = await call(t, 'POST', '/me/notifications/read-all', undefined, {
      cookie: asCustomer.cookie,
    });
    expect(marking.statusCode).toBe(403);

    expect((await waitingOf(checker, '$410.00'))?.readAt).toBeNull();
    expect(await waitingOf(maker, '$410.00')).toBeUndefined();
    expect(await unread(asCustomer)).toBe(unreadBefore);
    expect((await notices(maker)).map((n) => n.kind)).not.toContain('proposal_decided');
  });
});
