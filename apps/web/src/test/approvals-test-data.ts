// Proposals as the staff panel's operations answer them (DESIGN §4 "Dual control"), for the
// tests of Approvals and of the tabs that propose a change.
import type { Proposal, ProposalPage } from '@secure-vault/shared/approvals';

/** The staff member who made the proposals below, and a colleague who may decide them. */
export const maker = {
  id: '9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f',
  email: 'nadia@securevault.example',
};
export const checker = {
  id: '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b',
  email: 'karim@securevault.example',
};

export function proposal(overrides: Partial<Proposal> = {}): Proposal {
  return {
    id: '5a1d0000-0000-4000-8000-000000000001',
    kind: 'valuable_add',
    status: 'pending',
    customer: {
      id: '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10',
      email: 'amira@example.com',
      accountNumber: '1234567897',
    },
    maker: { ...maker },
    checker: null,
    amount: '1500.00',
    price: null,
    itemName: 'Gold bar',
    itemType: 'precious_metals',
    valueBefore: null,
    valueAfter: '1500.00',
    requestType: null,
    requestStatus: null,
    reference: null,
    note: null,
    reason: null,
    canDecide: true,
    canWithdraw: false,
    createdAt: '2026-03-02T09:30:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

/**
 * A pending price change (decision 028): gold's buy and sell from $0.057 to $0.06 and $0.058 per
 * mg, raising every customer's gold holdings together by $1,200. It has no customer.
 */
export function priceChange(overrides: Partial<Proposal> = {}): Proposal {
  return proposal({
    id: '5a1d0000-0000-4000-8000-0000000000a1',
    kind: 'price_change',
    customer: null,
    amount: '1200.00',
    price: { symbol: 'AU', buy: '0.06', sell: '0.058', buyBefore: '0.057', sellBefore: '0.057' },
    itemName: null,
    itemType: null,
    valueBefore: null,
    valueAfter: null,
    ...overrides,
  });
}

export function proposalPage(
  items: Proposal[],
  overrides: Partial<ProposalPage> = {},
): ProposalPage {
  const pending = items.filter((item) => item.status === 'pending').length;
  return { items, total: items.length, page: 1, pageSize: 25, pending, ...overrides };
}

/** The answer of an operation that proposes a change: 202 with the proposal. */
export const proposed = (overrides: Partial<Proposal> = {}) => ({
  status: 202,
  body: proposal({ canDecide: false, canWithdraw: true, ...overrides }),
});

/** A proposal for the same item or request already waits. */
export const alreadyWaiting = {
  status: 409,
  body: { error: { code: 'CONFLICT', message: 'A proposal is already waiting.' } },
};
