// Dual control in the journeys (DESIGN §4, decision 018): every staff change of value is a
// proposal one staff member makes and a different one approves. Here: an API context signed in as
// a staff member, a change made as two people make it (`staff` proposes, `secondStaff` approves),
// and the approval of a proposal made through the admin panel.
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';
import { csrf, secondStaff, staff } from './auth.ts';
import { e2eBaseUrl } from './fixtures.ts';
import { randomAddress } from './kyc-api.ts';

export interface StaffMember {
  email: string;
  password: string;
}

/** A proposal as the server answers it (shared/approvals.ts), with the fields the journeys read. */
export interface Proposal {
  id: string;
  kind: 'valuable_add' | 'valuable_edit' | 'valuable_delete' | 'book_balance' | 'request_decision';
  status: 'pending' | 'approved' | 'rejected' | 'withdrawn';
  customer: { id: string; email: string; accountNumber: string | null };
  maker: { id: string; email: string };
  checker: { id: string; email: string } | null;
  amount: string;
  itemName: string | null;
  reason: string | null;
}

/** An API context signed in as a staff member, from an address of its own. Dispose it when done. */
export async function staffApi(who: StaffMember = staff): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({
    baseURL: e2eBaseUrl(),
    extraHTTPHeaders: { 'x-forwarded-for': randomAddress() },
  });
  const signedIn = await api.post('/api/v1/auth/sign-in', {
    headers: csrf,
    data: { email: who.email, password: who.password },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return api;
}

/** Runs `use` with a staff member's API context, disposed afterwards. */
export async function asStaff<T>(
  who: StaffMember,
  use: (api: APIRequestContext) => Promise<T>,
): Promise<T> {
  const api = await staffApi(who);
  try {
    return await use(api);
  } finally {
    await api.dispose();
  }
}

/** `checker` approves a proposal (200), once per key. Returns it approved. */
async function approve(checker: APIRequestContext, id: string): Promise<Proposal> {
  const approved = await checker.post(`/api/v1/admin/proposals/${id}/approve`, {
    headers: { ...csrf, 'idempotency-key': randomUUID() },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  const proposal = (await approved.json()) as Proposal;
  expect(proposal.status).toBe('approved');
  return proposal;
}

/**
 * A staff change of value as two people make it: `staff` proposes `method path data` (202, and
 * nothing changes yet), then `secondStaff` approves it (200, and it takes effect). Returns the
 * approved proposal. A journey that expects a refusal calls the route itself.
 */
export async function approvedStaffChange(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<Proposal> {
  const proposal = await asStaff(staff, async (maker) => {
    const proposed = await maker.fetch(path, {
      method,
      headers: { ...csrf, 'idempotency-key': randomUUID() },
      ...(data === undefined ? {} : { data }),
    });
    expect(proposed.status(), `${method} ${path}: ${await proposed.text()}`).toBe(202);
    return (await proposed.json()) as Proposal;
  });
  expect(proposal.status).toBe('pending');
  return asStaff(secondStaff, (checker) => approve(checker, proposal.id));
}

/** Cash credited to a customer, as Valuables Management adds it (type cash), approved. */
export function creditCash(userId: string, amount: string): Promise<Proposal> {
  return approvedStaffChange('POST', '/api/v1/admin/valuables', {
    userId,
    itemName: 'Cash',
    itemType: 'cash',
    estimatedValue: amount,
  });
}

/**
 * `secondStaff` approves the one pending proposal of this kind on a customer's account, made
 * through the admin panel by `staff`. Returns it approved.
 */
export function approvePending(customerEmail: string, kind: Proposal['kind']): Promise<Proposal> {
  return asStaff(secondStaff, async (checker) => {
    let found: Proposal[] = [];
    await expect
      .poll(
        async () => {
          const res = await checker.get('/api/v1/admin/proposals?state=pending&pageSize=100');
          expect(res.status(), await res.text()).toBe(200);
          const { items } = (await res.json()) as { items: Proposal[] };
          found = items.filter(
            (item) => item.customer.email === customerEmail && item.kind === kind,
          );
          return found.length;
        },
        { message: `a pending ${kind} for ${customerEmail}` },
      )
      .toBe(1);
    const [proposal] = found as [Proposal];
    expect(proposal.maker.email).toBe(staff.email);
    return approve(checker, proposal.id);
  });
}
