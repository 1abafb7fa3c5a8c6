// Four eyes on money staff put on an account (DESIGN §5 "Book balance", issue 15): a pending
// book balance one staff member recorded is approved or rejected by another. Approval credits
// the amount to the customer's cash in one ledger movement (kind book_balance, journaled) and
// clears the balance; rejection clears it. The decision names the amount the staff member saw,
// takes the profile's row lock, and is made once per Idempotency-Key: of two approvals at once,
// the second waits and finds nothing pending.
import { eq } from 'drizzle-orm';
import { dec, toFixedString, usdScale } from '@secure-vault/shared/money';
import type { BookBalanceDecision } from '@secure-vault/shared/vault';
import type { AppContext } from '../../context.ts';
import { profiles } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { writeAudit } from '../../auth/audit.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import type { RequestAuth } from '../../auth/sessions.ts';
import { notifyUser } from '../../ledger/journal.ts';
import type { Idempotency, Outcome } from '../../ledger/movement.ts';
import { onceForKey } from '../../ledger/staff-idempotency.ts';

export interface BookBalanceDecisionRequest {
  userId: string;
  decision: 'approve' | 'reject';
  /** The pending amount the staff member saw. */
  amount: string;
  idempotency: Idempotency;
}

export async function decideBookBalance(
  ctx: AppContext,
  admin: RequestAuth,
  { userId, decision, amount, idempotency }: BookBalanceDecisionRequest,
  meta: RequestMeta,
): Promise<Outcome<BookBalanceDecision>> {
  const now = ctx.clock.now();
  const staffId = admin.user.id;
  const seen = toFixedString(amount, usdScale);
  return onceForKey(ctx.database, staffId, idempotency, now, 200, async (inTx, tx) => {
    const [pending] = await tx
      .select({
        bookBalance: profiles.bookBalance,
        recordedBy: profiles.bookBalanceRecordedBy,
        recordedAt: profiles.bookBalanceRecordedAt,
      })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .for('update');
    if (!pending) throw new AppError('NOT_FOUND', 'No profile found');
    const pendingAmount = toFixedString(pending.bookBalance, usdScale);
    if (dec(pendingAmount).isZero()) {
      throw new AppError('CONFLICT', 'No book balance is pending approval for this customer.');
    }
    if (!dec(pendingAmount).eq(seen)) {
      throw new AppError(
        'CONFLICT',
        `The pending book balance is now ${pendingAmount}, not ${seen}; review it again.`,
      );
    }
    if (pending.recordedBy === staffId || userId === staffId) {
      throw new AppError(
        'FORBIDDEN',
        userId === staffId
          ? 'Staff cannot decide a book balance on their own account; another staff member must.'
          : 'You recorded this book balance; another staff member must approve or reject it.',
      );
    }
    let cash: string | null = null;
    if (decision === 'approve') {
      const [moved] = await inTx.query<{ balance: string }>(
        {
          name: 'book_balance_credit',
          text: `select ledger_move_cash($1::uuid, $2::numeric, 'book_balance', null, $3::uuid,
            $4::timestamptz, 'Book balance', null)::text as balance`,
        },
        [userId, pendingAmount, staffId, now.toISOString()],
      );
      cash = toFixedString(moved?.balance ?? '0', usdScale);
    }
    await tx
      .update(profiles)
      .set({
        bookBalance: '0',
        bookBalanceRecordedBy: null,
        bookBalanceRecordedAt: null,
        updatedAt: now,
      })
      .where(eq(profiles.userId, userId));
    await writeAudit(tx, {
      action:
        decision === 'approve' ? 'admin.book_balance_approved' : 'admin.book_balance_rejected',
      actorId: staffId,
      subjectUserId: userId,
      ip: meta.ip,
      details: {
        amount: pendingAmount,
        recordedBy: pending.recordedBy,
        recordedAt: pending.recordedAt?.toISOString() ?? null,
      },
      at: now,
    });
    await notifyUser(tx, userId, 'profile');
    if (decision === 'approve') await notifyUser(tx, userId, 'valuables');
    return {
      userId,
      decision: decision === 'approve' ? 'approved' : 'rejected',
      amount: pendingAmount,
      cash,
    };
  });
}
