// Dual control (DESIGN §4, decision 018): a staff change of value on a customer's account is a
// proposal (db/approvals-schema.ts) that one staff member makes and a different one approves,
// once. A proposal is recorded here; its decision — approve, reject or withdraw — is one statement
// of the ledger function ledger_decide_proposal, which makes an approved change through the
// ledger's own functions in the same transaction. The rules are checked with clear refusals, and
// again by the table's CHECKs and trigger, so no route can forget them: nobody proposes or
// decides on their own account, a staff account is never the subject, the maker (or whoever made
// the request while signed in as the customer) never approves it, and a decided proposal stays
// decided. Every other staff member is told of a proposal waiting; once it is decided those
// notices are read, and a maker whose change another decided is told how (notification centre).
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { toFixedString } from '@secure-vault/shared/money';
import type { FinalTransferStatus, TransferType } from '@secure-vault/shared/transfers';
import { writeAudit } from '../auth/audit.ts';
import { assertStaffMayActOn } from '../auth/staff-subject.ts';
import { staffProposals } from '../db/approvals-schema.ts';
import type { Database } from '../db/client.ts';
import { notifications } from '../db/notifications-schema.ts';
import { profiles, userRoles, users } from '../db/schema.ts';
import type { ProposalOutcome } from '../mail/approval-templates.ts';
import { notifyCustomer } from '../mail/notify.ts';
import { staffReference } from '../mail/staff-access-templates.ts';
import { sqlCall, sqlCallText } from '../db/sql-function.ts';
import { AppError, fieldOf } from '../errors.ts';
import { listedAssets } from './assets.ts';
import { ledgerDecideProposal } from './functions.ts';
import { notifyUser, type Tx } from './journal.ts';
import type { CustodyItem } from './staff.ts';
import { refusing } from './refusals.ts';
import { currentRequestId } from '../request-context.ts';

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
    }
  | {
      kind: 'price_change';
      symbol: string;
      buy: string;
      sell: string;
      buyBefore: string;
      sellBefore: string;
    };

export interface NewProposal {
  /** The customer whose account it changes; null for a price change (the book's, no one's). */
  subjectUserId: string | null;
  /** The valuable or request it changes (the customer for a book balance; none for a price). */
  targetId: string | null;
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
  if (proposal.subjectUserId !== null) {
    await assertStaffMayActOn(tx, makerId, proposal.subjectUserId);
  }
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
    if (fieldOf(fieldOf(err, 'cause'), 'code') === uniqueViolation) {
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
  await tellCheckers(tx, row);
  return row;
}

/** Every other staff member finds the proposal waiting in their notification centre. */
async function tellCheckers(tx: Tx, row: ProposalRow): Promise<void> {
  const checkers = await tx
    .select({ id: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.role, 'admin'), ne(userRoles.userId, row.makerId)));
  for (const checker of checkers) {
    await notifyCustomer(
      tx,
      checker.id,
      'proposal_waiting',
      {
        language: 'en',
        proposalId: row.id,
        proposalKind: row.kind,
        amount: row.amount,
        makerRef: staffReference(row.makerId),
      },
      row.createdAt,
    );
  }
}

export type ProposalDecision =
  { decision: 'approve' } | { decision: 'reject'; reason: string } | { decision: 'withdraw' };

/**
 * Once a proposal is decided, nobody can act on it: the notices that said it was waiting are
 * marked read (kept, as history), and each bell holding one hears of it after commit. Only staff
 * were told of it, so only staff's unread notices are looked through (by the unread index). The
 * first of those notices did not name their proposal: they are known by its maker, kind, amount
 * and the moment it was made, which they were given.
 */
async function closeWaiting(tx: Tx, row: ProposalRow, at: Date): Promise<void> {
  const staff = tx
    .select({ id: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.role, 'admin'));
  const data = notifications.data;
  const closed = await tx
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        inArray(notifications.userId, staff),
        isNull(notifications.readAt),
        eq(notifications.kind, 'proposal_waiting'),
        or(
          sql`${data} ->> 'proposalId' = ${row.id}`,
          and(
            sql`${data} ->> 'proposalId' is null`,
            eq(notifications.createdAt, row.createdAt),
            sql`${data} ->> 'makerRef' = ${staffReference(row.makerId)}`,
            sql`${data} ->> 'proposalKind' = ${row.kind}`,
            sql`${data} ->> 'amount' = ${row.amount}`,
          ),
        ),
      ),
    )
    .returning({ userId: notifications.userId });
  for (const userId of new Set(closed.map((notice) => notice.userId))) {
    await notifyUser(tx, userId, 'notifications');
  }
}

/** The maker hears how their proposal ended, and from whom (by the email the queue shows). */
async function tellMaker(
  tx: Tx,
  row: ProposalRow,
  outcome: ProposalOutcome,
  checkerId: string,
  at: Date,
): Promise<void> {
  const [checker] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, checkerId));
  if (!checker) throw new Error('the checker of a decided proposal is gone');
  await notifyCustomer(
    tx,
    row.makerId,
    'proposal_decided',
    {
      language: 'en',
      proposalId: row.id,
      proposalKind: row.kind,
      amount: row.amount,
      outcome,
      checker: checker.email,
      reason: outcome === 'rejected' ? row.reason : null,
    },
    at,
  );
}

/**
 * Decides a pending proposal once, in the caller's transaction, as one statement of
 * `ledger_decide_proposal`: approved or rejected by another staff member, or withdrawn by its
 * maker; an approval makes its change through the ledger's functions as the checker. Its waiting
 * notices close, and a maker whose proposal another decided is told, in the same transaction.
 * Returns the request an approval settled (its customer is emailed once committed), or null.
 */
export async function decide(
  database: Database,
  tx: Tx,
  staffId: string,
  id: string,
  decision: ProposalDecision,
  at: Date,
  ip: string | null,
): Promise<string | null> {
  const call = sqlCall(ledgerDecideProposal, {
    p_id: id,
    p_staff: staffId,
    p_decision: decision.decision,
    p_reason: decision.decision === 'reject' ? decision.reason : null,
    p_at: at.toISOString(),
    p_ip: ip,
    p_assets: listedAssets,
    p_request: currentRequestId() ?? null,
  });
  const [row] = await refusing(() =>
    database.query<{ settled: string | null }>(
      { name: call.key, text: `select ${sqlCallText(call)} as settled` },
      call.params,
    ),
  );
  const [decided] = await tx.select().from(staffProposals).where(eq(staffProposals.id, id));
  if (!decided) throw new Error('the decided proposal is gone');
  await closeWaiting(tx, decided, at);
  if (decided.status === 'approved' || decided.status === 'rejected') {
    await tellMaker(tx, decided, decided.status, staffId, at);
  }
  return row?.settled ?? null;
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
  await closeWaiting(tx, pending, at);
  if (pending.makerId !== staffId) await tellMaker(tx, pending, 'replaced', staffId, at);
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
  if (row.kind !== 'book_balance' || row.subjectUserId === null) return;
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
