// Staff propose a customer's book balance (SPEC §5, DESIGN §4 "Dual control", §5 "Book
// balance"): stored exactly as typed (2 decimals at most) as an amount pending approval, with
// who recorded it, and a proposal another staff member approves into cash or rejects
// (ledger/proposals.ts). A new amount replaces the pending one and withdraws its proposal; 0
// clears it. Audited with the old and new figures in the same transaction, once per
// Idempotency-Key. Not a holding: no journal until approved. The valuable form may propose one
// beside its valuable, in the valuable's transaction (change-valuables.ts).
import { eq } from 'drizzle-orm';
import type { Proposal } from '@secure-vault/shared/approvals';
import { dec, toFixedString, usdScale } from '@secure-vault/shared/money';
import type { AppContext } from '../../context.ts';
import { readProposal } from '../../db/proposal-wire.ts';
import { profiles } from '../../db/schema.ts';
import { bookBalanceString } from '../../db/wire.ts';
import { AppError } from '../../errors.ts';
import { writeAudit } from '../../auth/audit.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import type { RequestAuth } from '../../auth/sessions.ts';
import { notifyUser, type Tx } from '../../ledger/journal.ts';
import type { Idempotency, Outcome } from '../../ledger/movement.ts';
import { assertStaffMayActOn } from '../../auth/staff-subject.ts';
import { propose, supersedeBookBalance } from '../../ledger/proposals.ts';
import { onceForKey } from '../../ledger/staff-idempotency.ts';

export function setBookBalance(
  ctx: AppContext,
  staff: RequestAuth,
  userId: string,
  bookBalance: string,
  idempotency: Idempotency,
  meta: RequestMeta,
): Promise<Outcome<Proposal | null>> {
  const now = ctx.clock.now();
  return onceForKey(ctx.database, staff.user.id, idempotency, now, 202, (_, tx) =>
    recordBookBalance(tx, staff.user.id, userId, bookBalance, now, meta.ip),
  );
}

/**
 * Records `bookBalance` for the customer as pending and proposes it, in the caller's
 * transaction (the Book Balance tab's change, and the one a valuable form may carry beside its
 * valuable): the proposal as its maker sees it, or null when 0 cleared the pending amount.
 */
export async function recordBookBalance(
  tx: Tx,
  staffId: string,
  userId: string,
  bookBalance: string,
  now: Date,
  ip: string | null,
): Promise<Proposal | null> {
  const amount = toFixedString(bookBalance, usdScale);
  const isPending = !dec(amount).isZero();
  await assertStaffMayActOn(tx, staffId, userId);
  const [before] = await tx
    .select({ bookBalance: profiles.bookBalance })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .for('update');
  if (!before) throw new AppError('NOT_FOUND', 'No profile found');
  await supersedeBookBalance(tx, staffId, userId, now, ip);
  await tx
    .update(profiles)
    .set({
      bookBalance: amount,
      bookBalanceRecordedBy: isPending ? staffId : null,
      bookBalanceRecordedAt: isPending ? now : null,
      updatedAt: now,
    })
    .where(eq(profiles.userId, userId));
  await writeAudit(tx, {
    action: 'admin.book_balance_set',
    actorId: staffId,
    subjectUserId: userId,
    ip,
    details: { from: bookBalanceString(before.bookBalance), to: amount },
    at: now,
  });
  await notifyUser(tx, userId, 'profile');
  if (!isPending) return null;
  const row = await propose(
    tx,
    staffId,
    { subjectUserId: userId, targetId: userId, amount, payload: { kind: 'book_balance', amount } },
    now,
    ip,
  );
  return readProposal(tx, staffId, row.id);
}
