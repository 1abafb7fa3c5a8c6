// Dual control (DESIGN §4): every staff change of value on a customer's account, and every staff
// change of a price in the book (decision 028), is a proposal by one staff member that takes
// effect only when a different staff member approves it, once. Here
// are the proposal's kinds, its wire shape and the decisions' bodies.
import { z } from 'zod';
import { decimalPattern } from './money.ts';
import { singleLineText } from './text.ts';
import { finalTransferStatuses, transferTypes } from './transfers.ts';

/** What a proposal changes when approved. */
export const proposalKinds = [
  /** A custody item (or cash) put on the account: custody intake. */
  'valuable_add',
  /** A valuable's value, name or details changed; the cash position's balance set. */
  'valuable_edit',
  /** A valuable taken out of the vault. */
  'valuable_delete',
  /** A book balance credited to cash (DESIGN §5 "Book balance"). */
  'book_balance',
  /** A pending deposit, withdrawal or asset-to-cash request made final. */
  'request_decision',
  /** A listed asset's buy and sell prices in the book: it has no customer. */
  'price_change',
] as const;
export type ProposalKind = (typeof proposalKinds)[number];

export const proposalStatuses = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ProposalStatus = (typeof proposalStatuses)[number];

const decimalString = z.string().regex(decimalPattern);
const person = z.object({ id: z.uuid(), email: z.string() });

/** A price change: the book's prices for the asset when proposed, and the ones approval sets. */
export const proposedPriceSchema = z.object({
  symbol: z.string(),
  buy: decimalString,
  sell: decimalString,
  buyBefore: decimalString,
  sellBefore: decimalString,
});
export type ProposedPrice = z.infer<typeof proposedPriceSchema>;

export const proposalSchema = z.object({
  id: z.uuid(),
  kind: z.enum(proposalKinds),
  status: z.enum(proposalStatuses),
  /** The customer whose account it changes; null for a price change, which changes the book. */
  customer: person.extend({ accountNumber: z.string().nullable() }).nullable(),
  maker: person,
  /** Who approved or rejected it; null while pending or once withdrawn. */
  checker: person.nullable(),
  /**
   * The effect on the customer's value in dollars, signed: what approval adds (a deposit, an
   * intake, a refund) or takes out (a deletion, a withdrawal paid out). For a price change, what
   * it does to the value of every customer's holdings of the asset together, when proposed.
   */
  amount: decimalString,
  /** What a price change sets; null for every other kind. */
  price: proposedPriceSchema.nullable(),
  /** What it is about: the valuable, or the request and the decision asked for. */
  itemName: z.string().nullable(),
  itemType: z.string().nullable(),
  valueBefore: decimalString.nullable(),
  valueAfter: decimalString.nullable(),
  requestType: z.enum(transferTypes).nullable(),
  requestStatus: z.enum(finalTransferStatuses).nullable(),
  reference: z.string().nullable(),
  /** The maker's reason given to the customer with a failed or cancelled request. */
  note: z.string().nullable(),
  /** Why the checker rejected it. */
  reason: z.string().nullable(),
  /** The caller may approve or reject it (not its maker, nor a party to it). */
  canDecide: z.boolean(),
  /** The caller made it and may withdraw it while pending. */
  canWithdraw: z.boolean(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Proposal = z.infer<typeof proposalSchema>;

export const proposalPageSize = { default: 25, max: 100 } as const;

export const proposalListQuerySchema = z.strictObject({
  /** `pending` (the queue, oldest first) or `decided` (newest first). */
  state: z.enum(['pending', 'decided']).default('pending'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(proposalPageSize.max)
    .default(proposalPageSize.default),
});
export type ProposalListQuery = z.input<typeof proposalListQuerySchema>;

export const proposalPageSchema = z.object({
  items: z.array(proposalSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Pending proposals in all, for the tab's badge. */
  pending: z.number().int(),
});
export type ProposalPage = z.infer<typeof proposalPageSchema>;

export const proposalRejectionSchema = z.strictObject({
  reason: singleLineText('admin:approvals.errors.reasonRequired')
    .min(1, 'admin:approvals.errors.reasonRequired')
    .max(500, 'admin:approvals.errors.reasonTooLong'),
});
export type ProposalRejection = z.input<typeof proposalRejectionSchema>;
