// Proposals as staff see them (shared/approvals.ts): who made and decided them, the customer (none
// for a price change), the effect in money, and what the viewer may do with them. Shared by the approvals queue and
// the staff routes that make proposals.
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Proposal } from '@secure-vault/shared/approvals';
import { dec, toFixedString } from '@secure-vault/shared/money';
import type { FinalTransferStatus, TransferType } from '@secure-vault/shared/transfers';
import { staffProposals } from './approvals-schema.ts';
import type { Db } from './client.ts';
import { profiles, users } from './schema.ts';

/** The database, or a transaction on it: proposals are read back inside the change's own. */
type Reader = Pick<Db, 'select'>;

const makers = alias(users, 'maker');
const checkers = alias(users, 'checker');
const customers = alias(users, 'customer');

interface Payload {
  item?: { itemName?: string; itemType?: string; estimatedValue?: string | null };
  before?: { itemName?: string; itemType?: string; estimatedValue?: string | null };
  amount?: string;
  requestType?: TransferType;
  status?: FinalTransferStatus;
  reason?: string | null;
  reference?: string | null;
  /** A price change's (ledger/proposals.ts ProposalPayload). */
  symbol?: string;
  buy?: string;
  sell?: string;
  buyBefore?: string;
  sellBefore?: string;
}

/** A price change's prices, as the API writes prices: no trailing zeros. */
function priceOf(payload: Payload): Proposal['price'] {
  const { symbol, buy, sell, buyBefore, sellBefore } = payload;
  if (symbol === undefined || !buy || !sell || !buyBefore || !sellBefore) return null;
  const plain = (value: string) => dec(value).toFixed();
  return {
    symbol,
    buy: plain(buy),
    sell: plain(sell),
    buyBefore: plain(buyBefore),
    sellBefore: plain(sellBefore),
  };
}

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();
const money = (value: string | null | undefined) =>
  value === null || value === undefined ? null : toFixedString(value);

/** Reads proposals matching `where`, as `viewerId` sees them. */
export async function readProposals(
  db: Reader,
  viewerId: string,
  where: SQL | undefined,
  page: { order: 'queue' | 'newest'; limit: number; offset: number },
): Promise<Proposal[]> {
  const rows = await db
    .select({
      proposal: staffProposals,
      makerEmail: makers.email,
      checkerEmail: checkers.email,
      customerEmail: customers.email,
      accountNumber: profiles.accountNumber,
    })
    .from(staffProposals)
    .innerJoin(makers, eq(makers.id, staffProposals.makerId))
    .leftJoin(customers, eq(customers.id, staffProposals.subjectUserId))
    .leftJoin(checkers, eq(checkers.id, staffProposals.checkerId))
    .leftJoin(profiles, eq(profiles.userId, staffProposals.subjectUserId))
    .where(where)
    .orderBy(
      ...(page.order === 'queue'
        ? [asc(staffProposals.createdAt), asc(staffProposals.id)]
        : [desc(staffProposals.decidedAt), desc(staffProposals.id)]),
    )
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(({ proposal: p, ...row }) => {
    // cast: the payload is written only by ledger_propose from the proposal's kind.
    const payload = p.payload as Payload;
    const item = payload.item ?? payload.before;
    const isPending = p.status === 'pending';
    const isParty = viewerId === p.makerId || viewerId === p.originActorId;
    return {
      id: p.id,
      kind: p.kind,
      status: p.status,
      customer:
        p.subjectUserId !== null && row.customerEmail !== null
          ? { id: p.subjectUserId, email: row.customerEmail, accountNumber: row.accountNumber }
          : null,
      maker: { id: p.makerId, email: row.makerEmail },
      checker:
        p.checkerId && row.checkerEmail ? { id: p.checkerId, email: row.checkerEmail } : null,
      amount: toFixedString(p.amount),
      price: p.kind === 'price_change' ? priceOf(payload) : null,
      itemName: item?.itemName ?? null,
      itemType: item?.itemType ?? null,
      valueBefore: money(payload.before?.estimatedValue),
      valueAfter:
        p.kind === 'valuable_delete'
          ? null
          : money(payload.item?.estimatedValue ?? payload.amount ?? null),
      requestType: p.kind === 'request_decision' ? (payload.requestType ?? null) : null,
      requestStatus: p.kind === 'request_decision' ? (payload.status ?? null) : null,
      reference: payload.reference ?? null,
      note: p.kind === 'request_decision' ? (payload.reason ?? null) : null,
      reason: p.reason,
      canDecide: isPending && !isParty && viewerId !== p.subjectUserId,
      canWithdraw: isPending && viewerId === p.makerId,
      createdAt: iso(p.createdAt) ?? '',
      decidedAt: iso(p.decidedAt),
    };
  });
}

/** One proposal as `viewerId` sees it. */
export async function readProposal(db: Reader, viewerId: string, id: string): Promise<Proposal> {
  const [proposal] = await readProposals(db, viewerId, eq(staffProposals.id, id), {
    order: 'queue',
    limit: 1,
    offset: 0,
  });
  if (!proposal) throw new Error(`proposal ${id} is gone`);
  return proposal;
}

/** Pending proposals, or decided ones, and how many of each. */
export function proposalFilter(state: 'pending' | 'decided'): SQL {
  return state === 'pending'
    ? eq(staffProposals.status, 'pending')
    : sql`${staffProposals.status} <> 'pending'`;
}

export async function countProposals(db: Reader, where: SQL): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(staffProposals)
    .where(and(where));
  return Number(row?.count ?? 0);
}
