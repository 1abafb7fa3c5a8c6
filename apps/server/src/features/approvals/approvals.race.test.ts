// Dual control under concurrency (DESIGN §4, decision 018): decisions on one proposal sent at
// once through the API must leave it decided once, with its change made once or not at all. Two
// checkers approving together: one wins, the other finds it decided (CONFLICT) and the value is
// credited once. The maker withdrawing while a checker approves: one of them wins, and the value
// is credited exactly when the approval did. Six copies of one approval with the same
// Idempotency-Key: one change, five replays of its answer. A decision while another staff
// member proposes a change to the same valuable, request or book balance: no deadlock. Only
// PostgreSQL runs them at once (on
// the pool's connections); PGlite has one connection, so there they would prove nothing.
import { and, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Proposal } from '@secure-vault/shared/approvals';
import type { LedgerKind } from '@secure-vault/shared/history';
import { staffProposals } from '../../db/approvals-schema.ts';
import { auditLog } from '../../db/schema.ts';
import { ledgerEntries } from '../../db/vault-schema.ts';
import { mailCount } from '../../test/auth-helpers.ts';
import { approveProposal, rejectProposal, withdrawProposal } from '../../test/approvals.ts';
import { createCustomer, type Customer } from '../../test/customers.ts';
import {
  cardDeposit,
  createStaffMember,
  settle,
  verifiedCustomer,
} from '../../test/money-movements.ts';
import { createTestApp, dbKind, type TestApp } from '../../test/test-app.ts';
import { cashOf, expectHoldingsMatchJournal } from '../../test/trading.ts';
import { keyedApi } from '../../test/vault.ts';

const onPostgres = dbKind === 'postgres';
/** How many times each race is run at once. */
const rounds = 6;

type Response = LightMyRequestResponse;

const codeOf = (res: Response): string | undefined =>
  res.statusCode >= 400 ? res.json<{ error?: { code?: string } }>().error?.code : undefined;

describe.skipIf(!onPostgres)(
  `approvals at once${onPostgres ? '' : ' (skipped: races need PostgreSQL — set TEST_DATABASE_URL)'}`,
  () => {
    let t: TestApp;
    let maker: Customer;
    let first: Customer;
    let second: Customer;
    beforeAll(async () => {
      t = await createTestApp();
      [maker, first, second] = await Promise.all([
        createStaffMember(t),
        createStaffMember(t),
        createStaffMember(t),
      ]);
    });
    afterAll(() => t.close());

    /** The maker proposes $amount of cash for the customer; returns the proposal's id. */
    async function cashProposal(customer: Customer, amount: string): Promise<string> {
      const res = await keyedApi(
        t,
        'POST',
        '/admin/valuables',
        { userId: customer.userId, itemName: 'Cash', itemType: 'cash', estimatedValue: amount },
        maker.cookie,
      );
      expect(res.statusCode, res.body).toBe(202);
      return res.json<Proposal>().id;
    }

    /** The maker proposes completing a card deposit of $amount; returns both ids. */
    async function depositProposal(customer: Customer, amount: string) {
      const deposit = await cardDeposit(t, customer, amount);
      expect(deposit.statusCode, deposit.body).toBe(201);
      const request = deposit.json<{ id: string; reference: string }>();
      const res = await settle(t, maker, 'card_deposit', request.id, 'completed');
      expect(res.statusCode, res.body).toBe(202);
      return { proposal: res.json<Proposal>().id, reference: request.reference };
    }

    /** Journal rows on the customer's account of one kind. */
    async function journalRows(userId: string, kind: LedgerKind): Promise<number> {
      const [row] = await t.ctx.db
        .select({ n: count() })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, kind)));
      return row?.n ?? 0;
    }

    async function proposalRow(id: string) {
      const [row] = await t.ctx.db
        .select({ status: staffProposals.status, checkerId: staffProposals.checkerId })
        .from(staffProposals)
        .where(eq(staffProposals.id, id));
      return row;
    }

    async function approvalsAudited(id: string): Promise<number> {
      const rows = await t.ctx.db
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(eq(auditLog.action, 'admin.proposal_approved'));
      return rows.filter((row) => row.details.proposalId === id).length;
    }

    /** Sends both at once, the second first on odd rounds; answers in the order given. */
    async function atOnce(
      round: number,
      a: () => Promise<Response>,
      b: () => Promise<Response>,
    ): Promise<[Response, Response]> {
      if (round % 2 === 0) return Promise.all([a(), b()]);
      const [rb, ra] = await Promise.all([b(), a()]);
      return [ra, rb];
    }

    describe('two checkers approving one proposal', () => {
      it('approves it once: one 200, one CONFLICT, the cash credited once', async () => {
        await Promise.all(
          Array.from({ length: rounds }, async (_, round) => {
            const customer = await createCustomer(t);
            const id = await cashProposal(customer, '100.00');
            const answers = await atOnce(
              round,
              () => approveProposal(t, first, id),
              () => approveProposal(t, second, id),
            );
            expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
            const loser = answers.find((res) => res.statusCode === 409)!;
            expect(codeOf(loser)).toBe('CONFLICT');
            const winner = answers[0].statusCode === 200 ? first : second;
            expect(await proposalRow(id)).toEqual({
              status: 'approved',
              checkerId: winner.userId,
            });
            expect(await cashOf(t, customer.userId)).toBe('100.00000000');
            expect(await journalRows(customer.userId, 'admin_add')).toBe(1);
            expect(await approvalsAudited(id)).toBe(1);
            await expectHoldingsMatchJournal(t, customer.userId);
          }),
        );
      });

      it('completes a deposit once, and tells its customer once', async () => {
        await Promise.all(
          Array.from({ length: rounds }, async (_, round) => {
            const customer = await verifiedCustomer(t);
            const { proposal } = await depositProposal(customer, '250.00');
            const mailsBefore = await mailCount(t, customer.email);
            const answers = await atOnce(
              round,
              () => approveProposal(t, first, proposal),
              () => approveProposal(t, second, proposal),
            );
            expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
            expect(await cashOf(t, customer.userId)).toBe('250.00000000');
            expect(await journalRows(customer.userId, 'deposit')).toBe(1);
            expect(await approvalsAudited(proposal)).toBe(1);
            expect(await mailCount(t, customer.email)).toBe(mailsBefore + 1);
            await expectHoldingsMatchJournal(t, customer.userId);
          }),
        );
      });

      it('decides it once when one approves and the other rejects', async () => {
        await Promise.all(
          Array.from({ length: rounds }, async (_, round) => {
            const customer = await createCustomer(t);
            const id = await cashProposal(customer, '40.00');
            const [approved, rejected] = await atOnce(
              round,
              () => approveProposal(t, first, id),
              () => rejectProposal(t, second, id, 'No wire received'),
            );
            expect([approved.statusCode, rejected.statusCode].sort()).toEqual([200, 409]);
            const row = await proposalRow(id);
            if (approved.statusCode === 200) {
              expect(codeOf(rejected)).toBe('CONFLICT');
              expect(row).toEqual({ status: 'approved', checkerId: first.userId });
              expect(await cashOf(t, customer.userId)).toBe('40.00000000');
            } else {
              expect(codeOf(approved)).toBe('CONFLICT');
              expect(row).toEqual({ status: 'rejected', checkerId: second.userId });
              expect(await cashOf(t, customer.userId)).toBe('0.00000000');
            }
            expect(await journalRows(customer.userId, 'admin_add')).toBe(
              approved.statusCode === 200 ? 1 : 0,
            );
          }),
        );
      });
    });

    describe('the maker withdrawing while a checker approves', () => {
      it('ends one way only: approved and credited, or withdrawn and nothing moved', async () => {
        const outcomes = await Promise.all(
          Array.from({ length: rounds * 2 }, async (_, round) => {
            const customer = await createCustomer(t);
            const id = await cashProposal(customer, '60.00');
            const [approved, withdrawn] = await atOnce(
              round,
              () => approveProposal(t, first, id),
              () => withdrawProposal(t, maker, id),
            );
            expect([approved.statusCode, withdrawn.statusCode].sort()).toEqual([200, 409]);
            const row = await proposalRow(id);
            if (approved.statusCode === 200) {
              expect(codeOf(withdrawn)).toBe('CONFLICT');
              expect(row).toEqual({ status: 'approved', checkerId: first.userId });
              expect(await cashOf(t, customer.userId)).toBe('60.00000000');
              expect(await journalRows(customer.userId, 'admin_add')).toBe(1);
            } else {
              expect(codeOf(approved)).toBe('CONFLICT');
              expect(withdrawn.json()).toMatchObject({ status: 'withdrawn' });
              expect(row).toEqual({ status: 'withdrawn', checkerId: null });
              expect(await cashOf(t, customer.userId)).toBe('0.00000000');
              expect(await journalRows(customer.userId, 'admin_add')).toBe(0);
            }
            expect(await approvalsAudited(id)).toBe(approved.statusCode === 200 ? 1 : 0);
            return approved.statusCode === 200 ? 'approved' : 'withdrawn';
          }),
        );
        expect(outcomes).toHaveLength(rounds * 2);
      });
    });

    describe('a decision while another staff member proposes a change to the same thing', () => {
      // The routes that propose lock what they change and then meet the pending proposal; a
      // decision takes the same locks in the same order, or the two deadlock (a 500 for one).
      it('a book balance approved while a new one is recorded: one or the other, no deadlock', async () => {
        await Promise.all(
          Array.from({ length: rounds }, async (_, round) => {
            const customer = await createCustomer(t);
            const recorded = await keyedApi(
              t,
              'PUT',
              `/admin/users/${customer.userId}/book-balance`,
              { bookBalance: '100.00' },
              maker.cookie,
            );
            expect(recorded.statusCode, recorded.body).toBe(202);
            const [approved, replaced] = await atOnce(
              round,
              () => approveProposal(t, first, recorded.json<Proposal>().id),
              () =>
                keyedApi(
                  t,
                  'PUT',
                  `/admin/users/${customer.userId}/book-balance`,
                  { bookBalance: '200.00' },
                  second.cookie,
                ),
            );
            // The new amount is always recorded; the old one is credited only if approved first.
            expect(replaced.statusCode, replaced.body).toBe(202);
            expect([200, 409], approved.body).toContain(approved.statusCode);
            expect(await cashOf(t, customer.userId)).toBe(
              approved.statusCode === 200 ? '100.00000000' : '0.00000000',
            );
            expect(await journalRows(customer.userId, 'book_balance')).toBe(
              approved.statusCode === 200 ? 1 : 0,
            );
          }),
        );
      });

      it('a valuable’s change approved while its removal is proposed: no deadlock', async () => {
        await Promise.all(
          Array.from({ length: rounds }, async (_, round) => {
            const customer = await createCustomer(t);
            const added = await cashProposal(customer, '100.00');
            expect((await approveProposal(t, first, added)).statusCode).toBe(200);
            const [cash] = await t.ctx.db
              .select({ id: ledgerEntries.valuableId })
              .from(ledgerEntries)
              .where(eq(ledgerEntries.userId, customer.userId));
            const edited = await keyedApi(
              t,
              'PATCH',
              `/admin/valuables/${cash!.id}`,
              { itemName: 'Cash', itemType: 'cash', estimatedValue: '150.00' },
              maker.cookie,
            );
            expect(edited.statusCode, edited.body).toBe(202);
            const [approved, removal] = await atOnce(
              round,
              () => approveProposal(t, first, edited.json<Proposal>().id),
              () => keyedApi(t, 'DELETE', `/admin/valuables/${cash!.id}`, undefined, second.cookie),
            );
            expect(approved.statusCode, approved.body).toBe(200);
            // Proposed after the approval, or refused while the change was still waiting.
            expect([202, 409], removal.body).toContain(removal.statusCode);
            expect(await cashOf(t, customer.userId)).toBe('150.00000000');
          }),
        );
      });

      it('a deposit’s completion approved while another decision on it is proposed: no deadlock', async () => {
        await Promise.all(
          Array.from({ length: rounds }, async (_, round) => {
            const customer = await verifiedCustomer(t);
            const deposit = await cardDeposit(t, customer, '10.00');
            const id = deposit.json<{ id: string }>().id;
            const proposed = await settle(t, maker, 'card_deposit', id, 'completed');
            expect(proposed.statusCode, proposed.body).toBe(202);
            const [approved, other] = await atOnce(
              round,
              () => approveProposal(t, first, proposed.json<Proposal>().id),
              () => settle(t, second, 'card_deposit', id, 'failed', 'No payment'),
            );
            expect(approved.statusCode, approved.body).toBe(200);
            // A decision already waits on it, or it is already completed.
            expect(other.statusCode, other.body).toBe(409);
            expect(await cashOf(t, customer.userId)).toBe('10.00000000');
            expect(await journalRows(customer.userId, 'deposit')).toBe(1);
          }),
        );
      });
    });

    describe('one approval sent six times at once with the same Idempotency-Key', () => {
      it('approves once and answers every copy with the first answer', async () => {
        await Promise.all(
          Array.from({ length: rounds }, async (_, round) => {
            const customer = await createCustomer(t);
            const id = await cashProposal(customer, '25.00');
            const key = `approve-${round}-${id}`;
            const copies = await Promise.all(
              Array.from({ length: 6 }, () => approveProposal(t, first, id, key)),
            );
            expect(copies.map((res) => res.statusCode)).toEqual(Array(6).fill(200));
            expect(new Set(copies.map((res) => res.body)).size).toBe(1);
            expect(copies.filter((res) => !res.headers['idempotent-replayed'])).toHaveLength(1);
            expect(copies[0]!.json()).toMatchObject({
              status: 'approved',
              checker: { id: first.userId },
            });
            expect(await cashOf(t, customer.userId)).toBe('25.00000000');
            expect(await journalRows(customer.userId, 'admin_add')).toBe(1);
            expect(await approvalsAudited(id)).toBe(1);
            // A new key is a new approval: the proposal is decided.
            const again = await approveProposal(t, first, id);
            expect(again.statusCode).toBe(409);
            expect(await cashOf(t, customer.userId)).toBe('25.00000000');
          }),
        );
      });
    });
  },
);
