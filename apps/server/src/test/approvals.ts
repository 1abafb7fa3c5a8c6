// Helpers for dual control (DESIGN §4): a staff change is a proposal one staff member makes and
// another approves. `checkerFor` gives each test app one second staff member (made on first
// use) who is not the maker; `staffChange` makes a proposal and has it approved, as two people
// at the admin panel would.
import { randomUUID } from 'node:crypto';
import type { Proposal } from '@secure-vault/shared/approvals';
import type { Customer } from './customers.ts';
import { createStaffMember, moneyPost } from './money-movements.ts';
import type { TestApp } from './test-app.ts';
import { type AnyMethod, keyedApi } from './vault.ts';

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
  maker: Customer,
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
