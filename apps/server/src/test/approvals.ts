// Helpers for dual control (DESIGN §4): a staff change is a proposal one staff member makes and
// another approves. `checkerFor` gives each test app one second staff member (made on first
// use) who is not the maker; `staffChange` makes a proposal and has it approved, as two people
// at the admin panel would.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Proposal } from '@secure-vault/shared/approvals';
import type { AdminTransfer } from '@secure-vault/shared/transfers';
import { transfers } from '../db/banking-schema.ts';
import { auditLog } from '../db/schema.ts';
import type { Customer } from './customers.ts';
import { createStaffMember, moneyPost, settle } from './money-movements.ts';
import type { TestApp } from './test-app.ts';
import { type AnyMethod, keyedApi } from './vault.ts';

/** A staff member as the tests hold one: who they are and their session. */
type Staff = Pick<Customer, 'userId' | 'cookie'>;

const checkers = new WeakMap<TestApp, Customer[]>();

/** A staff member other than `maker` (and other than `also`), kept for the app. */
export async function checkerFor(
  t: TestApp,
  maker: Pick<Customer, 'userId'>,
  also?: Pick<Customer, 'userId'>,
): Promise<Customer> {
  const known = checkers.get(t) ?? [];
  checkers.set(t, known);
  const found = known.find(
    (staff) => staff.userId !== maker.userId && staff.userId !== also?.userId,
  );
  if (found) return found;
  const made = await createStaffMember(t);
  known.push(made);
  return made;
}

export const approveProposal = (
  t: TestApp,
  staff: Pick<Customer, 'cookie'>,
  id: string,
  key?: string,
) => moneyPost(t, staff, `/admin/proposals/${id}/approve`, undefined, key ?? randomUUID());

export const rejectProposal = (
  t: TestApp,
  staff: Pick<Customer, 'cookie'>,
  id: string,
  reason = 'Not confirmed',
) => moneyPost(t, staff, `/admin/proposals/${id}/reject`, { reason });

export const withdrawProposal = (t: TestApp, staff: Pick<Customer, 'cookie'>, id: string) =>
  moneyPost(t, staff, `/admin/proposals/${id}/withdraw`);

/**
 * A staff change as two people make it: `maker` proposes (`method url body`, expected 202) and
 * a second staff member approves. Returns the approved proposal; throws with the answer when
 * either step is refused, so a test that expects a refusal calls the route itself.
 */
export async function staffChange(
  t: TestApp,
  maker: Staff,
  method: AnyMethod,
  url: string,
  body?: unknown,
): Promise<Proposal> {
  const proposed = await keyedApi(t, method, url, body, maker.cookie);
  if (proposed.statusCode !== 202) {
    throw new Error(`proposing ${method} ${url} answered ${proposed.statusCode}: ${proposed.body}`);
  }
  const proposal = proposed.json<Proposal | null>();
  if (!proposal) throw new Error(`${method} ${url} proposed nothing`);
  const checker = await checkerFor(t, maker);
  const approved = await approveProposal(t, checker, proposal.id);
  if (approved.statusCode !== 200) {
    throw new Error(`approving ${proposal.kind} answered ${approved.statusCode}: ${approved.body}`);
  }
  return approved.json<Proposal>();
}

/** The answer to an approval, as the admin panel receives it. */
export type Answer = Awaited<ReturnType<typeof approveProposal>>;

/**
 * Proposes `change` as `maker` (expected 202) and has a second staff member approve it; returns
 * the approval's answer as it is (a test may expect the approval refused) and the proposal.
 */
export async function proposeAndApprove(
  t: TestApp,
  maker: Staff,
  method: AnyMethod,
  url: string,
  body?: unknown,
): Promise<{ proposal: Proposal; approval: Answer; checker: Customer }> {
  const proposed = await keyedApi(t, method, url, body, maker.cookie);
  if (proposed.statusCode !== 202) {
    throw new Error(`proposing ${method} ${url} answered ${proposed.statusCode}: ${proposed.body}`);
  }
  const proposal = proposed.json<Proposal>();
  const checker = await checkerFor(t, maker);
  return { proposal, approval: await approveProposal(t, checker, proposal.id), checker };
}

/**
 * The valuable an approved valuable proposal added, changed or removed: named by the audit row
 * its approval wrote (`details.proposalId`, `details.valuableId`).
 */
export async function valuableIdOf(t: TestApp, proposalId: string): Promise<string> {
  const [row] = await t.ctx.db
    .select({ valuableId: sql<string | null>`${auditLog.details} ->> 'valuableId'` })
    .from(auditLog).where(sql`${auditLog.details} ->> 'proposalId' = ${proposalId}
      and ${auditLog.action} in ('admin.valuable_added', 'admin.valuable_edited', 'admin.valuable_deleted')`);
  if (!row?.valuableId) throw new Error(`proposal ${proposalId} changed no valuable`);
  return row.valuableId;
}

/** A request made final as two staff members do it: `staff` proposes, another approves. */
export async function settleApproved(
  t: TestApp,
  staff: Staff,
  type: string,
  id: string,
  status: 'completed' | 'failed' | 'cancelled',
  reason?: string,
): Promise<{ approval: Answer; proposal: Proposal; transfer: AdminTransfer | undefined }> {
  const proposed = await settle(t, staff, type, id, status, reason);
  if (proposed.statusCode !== 202) {
    throw new Error(
      `proposing ${status} for ${type} ${id} answered ${proposed.statusCode}: ${proposed.body}`,
    );
  }
  const proposal = proposed.json<Proposal>();
  const approval = await approveProposal(t, await checkerFor(t, staff), proposal.id);
  return { approval, proposal, transfer: await transferOf(t, id) };
}

/** A request or transfer as staff's list shows it. */
export async function transferOf(t: TestApp, id: string): Promise<AdminTransfer | undefined> {
  const [row] = await t.ctx.db
    .select({ json: sql<AdminTransfer>`admin_transfer_json(${transfers})` })
    .from(transfers)
    .where(eq(transfers.id, id));
  return row?.json;
}
