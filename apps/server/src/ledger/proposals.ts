// Dual control (DESIGN §4, decision 018): a staff change of value on a customer's account is a
// proposal (db/approvals-schema.ts) that one staff member makes and a different one approves,
// once; approval makes the change in the same transaction through the ledger's own operations.
// The rules are checked here with clear refusals, and again by the table's CHECKs and trigger,
// so no route can forget them: nobody proposes or decides on their own account, a staff account
// is never the subject, the maker (or whoever made the request while signed in as the customer)
// never approves it, and a decided proposal stays decided.
import { and, eq } from 'drizzle-orm';
import type { ProposalKind } from '@secure-vault/shared/approvals';
import { dec, toFixedString, usdScale } from '@secure-vault/shared/money';
import type { FinalTransferStatus, TransferType } from '@secure-vault/shared/transfers';
import { writeAudit } from '../auth/audit.ts';
import { assertStaffMayActOn } from '../auth/staff-subject.ts';
import { staffProposals } from '../db/approvals-schema.ts';
import { transfers } from '../db/banking-schema.ts';
import { knownCaller } from '../db/caller.ts';
import type { Database } from '../db/client.ts';
import { profiles } from '../db/schema.ts';
import { sqlCall, sqlCallText } from '../db/sql-function.ts';
import { cashSymbol, valuables } from '../db/vault-schema.ts';
import { AppError } from '../errors.ts';
import { ledgerBookBalance } from './functions.ts';
import { notifyUser, type Tx } from './journal.ts';
import {
  addCustodyItem,
  type CustodyItem,
  editCustodyItem,
  moveCashAsStaff,
  removeHolding,
  type ValuableRow,
} from './staff.ts';
import { refusing } from './refusals.ts';
import { settleAsStaff } from './transfers.ts';

export type ProposalRow = typeof staffProposals.$inferSelect;

/** What a valuable was when a change to it was proposed: approval refuses if it moved since. */
export interface ValuableSnapshot {
  itemName: string;
  itemType: string;
  estimatedValue: string | null;
  quantity: string | null;
  description: string | null;
  storageLocation: string | null;
}

/** The cash a change names and what staff called it (kept on the journal row). */
interface CashLabel {
  name: string | null;
  note: string | null;
}

/** What approval does, by kind, as the maker asked it. */
export type ProposalPayload =
  | { kind: 'valuable_add'; item: CustodyItem; label: CashLabel | null }
  | {
      kind: 'valuable_edit';
      valuableId: string;
      before: ValuableSnapshot;
      item: CustodyItem;
      label: CashLabel | null;
    }
  | { kind: 'valuable_delete'; valuableId: string; before: ValuableSnapshot }
  | { kind: 'book_balance'; amount: string }
  | {
      kind: 'request_decision';
      requestType: Exclude<TransferType, 'asset_transfer'>;
      status: FinalTransferStatus;
      reason: string | null;
      reference: string | null;
    };

type PayloadOf<K extends ProposalKind> = Extract<ProposalPayload, { kind: K }>;

export interface NewProposal {
  subjectUserId: string;
  /** The valuable or request it changes (the customer for a book balance). */
  targetId: string;
  payload: ProposalPayload;
  /** The effect on the customer's value in dollars, signed. */
  amount: string;
}

const uniqueViolation = '23505';

/** Records a proposal by `makerId`, audited in the same transaction. */
export async function propose(
  tx: Tx,
  makerId: string,
  proposal: NewProposal,
  at: Date,
  ip: string | null,
): Promise<ProposalRow> {
  await assertStaffMayActOn(tx, makerId, proposal.subjectUserId);
  const { kind, ...payload } = proposal.payload;
  let row: ProposalRow | undefined;
  try {
    // A savepoint: a refused insert must not abort the transaction the caller is in.
    row = await tx.transaction(async (inner) => {
      const [inserted] = await inner
        .insert(staffProposals)
        .values({
          kind,
          subjectUserId: proposal.subjectUserId,
          targetId: proposal.targetId,
          payload,
          amount: toFixedString(proposal.amount),
          makerId,
          createdAt: at,
        })
        .returning();
      return inserted;
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; constraint?: string } }).cause;
    if (cause?.code === uniqueViolation) {
      throw new AppError(
        'CONFLICT',
        'A change to this is already waiting for approval; decide or withdraw it first.',
      );
    }
    throw err;
  }
  if (!row) throw new Error('insert returned no proposal');
  // The trigger names whoever made a decided request while signed in as the customer: they
  // cannot propose its decision either (the CHECK refuses; this says why).
  await writeAudit(tx, {
    action: 'admin.proposal_created',
    actorId: makerId,
    subjectUserId: row.subjectUserId,
    ip,
    details: { proposalId: row.id, kind: row.kind, amount: row.amount },
    at,
  });
  return row;
}

function payloadOf<K extends ProposalKind>(row: ProposalRow, kind: K): PayloadOf<K> {
  return { kind, ...(row.payload as object) } as PayloadOf<K>;
}

/**
 * What a proposal changes, locked before the proposal itself: the routes that propose lock it
 * first (the valuable, the request, the customer's profile) and then meet the proposal, so a
 * decision taking them the other way round deadlocks with a new proposal on the same thing.
 * A proposal's kind, target and customer never change, so they are read without a lock.
 */
async function lockTarget(tx: Tx, id: string): Promise<void> {
  const [proposal] = await tx
    .select({
      kind: staffProposals.kind,
      targetId: staffProposals.targetId,
      subjectUserId: staffProposals.subjectUserId,
    })
    .from(staffProposals)
    .where(eq(staffProposals.id, id));
  if (!proposal) return;
  const { kind, targetId, subjectUserId } = proposal;
  if (kind === 'book_balance') {
    await tx
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(eq(profiles.userId, subjectUserId))
      .for('update');
  } else if (kind === 'request_decision' && targetId) {
    await tx
      .select({ id: transfers.id })
      .from(transfers)
      .where(eq(transfers.id, targetId))
      .for('update');
  } else if ((kind === 'valuable_edit' || kind === 'valuable_delete') && targetId) {
    await tx
      .select({ id: valuables.id })
      .from(valuables)
      .where(eq(valuables.id, targetId))
      .for('update');
  }
}

/** The pending proposal, locked (after what it changes); refused once decided. */
async function lockPending(tx: Tx, id: string): Promise<ProposalRow> {
  await lockTarget(tx, id);
  const [row] = await tx
    .select()
    .from(staffProposals)
    .where(eq(staffProposals.id, id))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', 'No such proposal.');
  if (row.status !== 'pending') {
    throw new AppError(
      'CONFLICT',
      `This proposal is already ${row.status}; a decided proposal does not change.`,
    );
  }
  return row;
}

/** The checker's refusals, said before the CHECKs would refuse the same. */
function assertMayDecide(row: ProposalRow, checkerId: string): void {
  if (row.subjectUserId === checkerId) {
    throw new AppError(
      'OWN_ACCOUNT',
      'Staff cannot act on their own account; another staff member must.',
    );
  }
  if (row.makerId === checkerId || row.originActorId === checkerId) {
    throw new AppError(
      'SAME_STAFF',
      'You proposed this change, or made the request while signed in as the customer; another staff member must approve it.',
    );
  }
}

export interface Decision {
  proposal: ProposalRow;
  /** What the approval did to a request, for the customer's email; null for other kinds. */
  settledRequestId: string | null;
}

/** Approves a pending proposal and makes its change, once, in the caller's transaction. */
export async function approve(
  database: Database,
  tx: Tx,
  checkerId: string,
  id: string,
  at: Date,
  ip: string | null,
): Promise<Decision> {
  const row = await lockPending(tx, id);
  assertMayDecide(row, checkerId);
  // Its customer may have become staff while it waited: approving would change a staff account
  // (rejecting or withdrawing it changes nothing, so those still clear it from the queue).
  await assertStaffMayActOn(tx, checkerId, row.subjectUserId);
  const [decided] = await tx
    .update(staffProposals)
    .set({ status: 'approved', checkerId, decidedAt: at })
    .where(eq(staffProposals.id, id))
    .returning();
  if (!decided) throw new Error('the locked proposal is gone');
  const settledRequestId = await applyChange(database, tx, decided, checkerId, at, ip);
  await writeAudit(tx, {
    action: 'admin.proposal_approved',
    actorId: checkerId,
    subjectUserId: row.subjectUserId,
    ip,
    details: { proposalId: id, kind: row.kind, amount: row.amount, makerId: row.makerId },
    at,
  });
  return { proposal: decided, settledRequestId };
}

/** Rejects a pending proposal with the checker's reason; nothing changes. */
export async function reject(
  tx: Tx,
  checkerId: string,
  id: string,
  reason: string,
  at: Date,
  ip: string | null,
): Promise<ProposalRow> {
  const row = await lockPending(tx, id);
  assertMayDecide(row, checkerId);
  const [decided] = await tx
    .update(staffProposals)
    .set({ status: 'rejected', checkerId, reason, decidedAt: at })
    .where(eq(staffProposals.id, id))
    .returning();
  if (!decided) throw new Error('the locked proposal is gone');
  await clearBookBalance(tx, row, at);
  await writeAudit(tx, {
    action: 'admin.proposal_rejected',
    actorId: checkerId,
    subjectUserId: row.subjectUserId,
    ip,
    details: { proposalId: id, kind: row.kind, amount: row.amount, makerId: row.makerId, reason },
    at,
  });
  return decided;
}

/** Its maker withdraws a pending proposal; nothing changes. */
export async function withdraw(
  tx: Tx,
  makerId: string,
  id: string,
  at: Date,
  ip: string | null,
): Promise<ProposalRow> {
  const row = await lockPending(tx, id);
  if (row.makerId !== makerId) {
    throw new AppError('FORBIDDEN', 'Only the staff member who made a proposal may withdraw it.');
  }
  const decided = await markWithdrawn(tx, row, at);
  await writeAudit(tx, {
    action: 'admin.proposal_withdrawn',
    actorId: makerId,
    subjectUserId: row.subjectUserId,
    ip,
    details: { proposalId: id, kind: row.kind, amount: row.amount },
    at,
  });
  return decided;
}

async function markWithdrawn(tx: Tx, row: ProposalRow, at: Date): Promise<ProposalRow> {
  const [decided] = await tx
    .update(staffProposals)
    .set({ status: 'withdrawn', decidedAt: at })
    .where(eq(staffProposals.id, row.id))
    .returning();
  if (!decided) throw new Error('the locked proposal is gone');
  await clearBookBalance(tx, row, at);
  return decided;
}

/**
 * A new book balance replaces the one pending for the customer: its proposal is withdrawn (by
 * whoever records the new one, audited as theirs).
 */
export async function supersedeBookBalance(
  tx: Tx,
  staffId: string,
  subjectUserId: string,
  at: Date,
  ip: string | null,
): Promise<void> {
  const [pending] = await tx
    .select()
    .from(staffProposals)
    .where(
      and(
        eq(staffProposals.targetId, subjectUserId),
        eq(staffProposals.kind, 'book_balance'),
        eq(staffProposals.status, 'pending'),
      ),
    )
    .for('update');
  if (!pending) return;
  await markWithdrawn(tx, pending, at);
  await writeAudit(tx, {
    action: 'admin.proposal_withdrawn',
    actorId: staffId,
    subjectUserId,
    ip,
    details: { proposalId: pending.id, kind: pending.kind, amount: pending.amount, replaced: true },
    at,
  });
}

/** A decided book-balance proposal clears the pending amount it put on the profile. */
async function clearBookBalance(tx: Tx, row: ProposalRow, at: Date): Promise<void> {
  if (row.kind !== 'book_balance') return;
  await tx
    .update(profiles)
    .set({
      bookBalance: '0',
      bookBalanceRecordedBy: null,
      bookBalanceRecordedAt: null,
      updatedAt: at,
    })
    .where(
      and(eq(profiles.userId, row.subjectUserId), eq(profiles.bookBalanceRecordedBy, row.makerId)),
    );
  await notifyUser(tx, row.subjectUserId, 'profile');
}

function changedSince(): AppError {
  return new AppError(
    'CONFLICT',
    'This valuable changed after the proposal was made; reject it and propose again.',
  );
}

/** The valuable a proposal changes, locked, as it was when proposed. */
async function lockUnchanged(
  tx: Tx,
  subjectUserId: string,
  valuableId: string,
  before: ValuableSnapshot,
): Promise<ValuableRow> {
  const [found] = await tx
    .select()
    .from(valuables)
    .where(and(eq(valuables.id, valuableId), eq(valuables.userId, subjectUserId)))
    .for('update');
  if (!found) throw new AppError('NOT_FOUND', 'No such valuable.');
  const same = (a: string | null, b: string | null) =>
    a === null || b === null ? a === b : dec(a).eq(b);
  if (
    found.status !== 'active' ||
    found.itemName !== before.itemName ||
    !same(found.estimatedValue, before.estimatedValue) ||
    !same(found.quantity, before.quantity)
  ) {
    throw changedSince();
  }
  return found;
}

/** Makes the approved change as the checker; returns the request it settled, if any. */
async function applyChange(
  database: Database,
  tx: Tx,
  row: ProposalRow,
  checkerId: string,
  at: Date,
  ip: string | null,
): Promise<string | null> {
  const caller = knownCaller(row.subjectUserId, checkerId);
  const proposalId = row.id;
  switch (row.kind) {
    case 'valuable_add': {
      const { item, label } = payloadOf(row, 'valuable_add');
      const details = {
        proposalId,
        makerId: row.makerId,
        itemType: item.itemType,
        itemName: item.itemType === 'cash' ? null : item.itemName,
        estimatedValue: item.estimatedValue,
      };
      const audit = { action: 'admin.valuable_added', details, ip } as const;
      if (item.itemType === 'cash') {
        await moveCashAsStaff(database, caller, {
          kind: 'admin_add',
          amount: item.estimatedValue ?? '0',
          at,
          audit,
          label: label ?? undefined,
        });
      } else {
        await addCustodyItem(database, caller, { item, at, audit });
      }
      return null;
    }
    case 'valuable_edit': {
      const { valuableId, before, item, label } = payloadOf(row, 'valuable_edit');
      const found = await lockUnchanged(tx, row.subjectUserId, valuableId, before);
      const audit = (was: ValuableSnapshot, now: ValuableSnapshot) =>
        ({
          action: 'admin.valuable_edited',
          details: { proposalId, makerId: row.makerId, valuableId, before: was, after: now },
          ip,
        }) as const;
      if (found.assetSymbol === cashSymbol) {
        const amount = item.estimatedValue ?? '0';
        await moveCashAsStaff(database, caller, {
          kind: 'admin_edit',
          amount,
          at,
          audit: audit(before, { ...before, estimatedValue: amount }),
          label: label ?? undefined,
        });
      } else {
        // The function adds the item's fields before and after, as it reads and writes them.
        await editCustodyItem(database, caller, {
          valuableId,
          item,
          at,
          audit: {
            action: 'admin.valuable_edited',
            details: { proposalId, makerId: row.makerId, valuableId },
            ip,
          },
        });
      }
      return null;
    }
    case 'valuable_delete': {
      const { valuableId, before } = payloadOf(row, 'valuable_delete');
      const found = await lockUnchanged(tx, row.subjectUserId, valuableId, before);
      const audit = {
        action: 'admin.valuable_deleted',
        details: { proposalId, makerId: row.makerId, valuableId, before },
        ip,
      } as const;
      if (found.assetSymbol === cashSymbol) {
        await moveCashAsStaff(database, caller, { kind: 'admin_delete', amount: '0', at, audit });
      } else {
        await removeHolding(database, caller, { valuableId, at, audit });
      }
      return null;
    }
    case 'book_balance': {
      await creditBookBalance(database, row, checkerId, at, ip);
      return null;
    }
    case 'request_decision': {
      const { requestType, status, reason } = payloadOf(row, 'request_decision');
      if (!row.targetId) throw new Error('a request decision names its request');
      await settleAsStaff(database, knownCaller(checkerId), {
        id: row.targetId,
        type: requestType,
        status,
        reason,
        at,
        ip,
        idempotency: null,
      });
      return row.targetId;
    }
  }
  throw new Error(`not a proposal kind: ${String(row.kind)}`);
}

/** What the audit log keeps of a valuable. */
export function snapshotOf(row: ValuableSnapshot): ValuableSnapshot {
  return {
    itemName: row.itemName,
    itemType: row.itemType,
    estimatedValue: row.estimatedValue,
    quantity: row.quantity,
    description: row.description,
    storageLocation: row.storageLocation,
  };
}

/**
 * A book balance approved: credited to cash (journal kind book_balance), cleared and audited, in
 * one statement of `ledger_book_balance` inside the approval's transaction.
 */
async function creditBookBalance(
  database: Database,
  row: ProposalRow,
  checkerId: string,
  at: Date,
  ip: string | null,
): Promise<void> {
  const { amount } = payloadOf(row, 'book_balance');
  const credit = sqlCall(ledgerBookBalance, {
    p_user: row.subjectUserId,
    p_maker: row.makerId,
    p_checker: checkerId,
    p_amount: toFixedString(amount, usdScale),
    p_proposal: row.id,
    p_at: at.toISOString(),
    p_ip: ip,
  });
  await refusing(() =>
    database.query(
      { name: credit.key, text: `select ${sqlCallText(credit)}::text as balance` },
      credit.params,
    ),
  );
}
