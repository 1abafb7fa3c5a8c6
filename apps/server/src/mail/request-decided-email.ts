// The customer's email when a request of theirs becomes final (DESIGN §5), sent after the
// answer: by their own cancel, or by staff once a second staff member approved the decision.
import { eq, sql } from 'drizzle-orm';
import { isLanguage, type Language } from '@secure-vault/shared/i18n';
import type { Transfer } from '@secure-vault/shared/transfers';
import type { AppContext } from '../context.ts';
import { transfers } from '../db/banking-schema.ts';
import { users } from '../db/schema.ts';
import { runAfterAnswer } from '../auth/background-work.ts';
import { requestDecided } from './transfer-templates.ts';

/** Tells the customer their request is final (after the answer; a failed send is logged). */
export function sendDecidedEmail(
  ctx: AppContext,
  email: string,
  language: Language,
  transfer: Transfer,
): void {
  if (transfer.type === 'asset_transfer' || transfer.status === 'pending') return;
  const notice = {
    type: transfer.type,
    status: transfer.status,
    amount: transfer.amount,
    reference: transfer.reference ?? transfer.id,
    reason: transfer.reason,
  };
  runAfterAnswer(ctx, 'request_decided_email', async () => {
    await ctx.mailer.send({ to: email, ...requestDecided(language, notice) });
  });
}

/** The same, for a request staff settled: read as committed, in the language it was asked in. */
export async function sendDecidedEmailFor(ctx: AppContext, transferId: string): Promise<void> {
  const [row] = await ctx.db
    .select({
      email: users.email,
      language: transfers.language,
      transfer: sql<Transfer>`transfer_json(${transfers}, ${transfers.userId})`,
    })
    .from(transfers)
    .innerJoin(users, eq(users.id, transfers.userId))
    .where(eq(transfers.id, transferId));
  if (!row) return;
  const transfer =
    typeof row.transfer === 'string' ? (JSON.parse(row.transfer) as Transfer) : row.transfer;
  sendDecidedEmail(ctx, row.email, isLanguage(row.language) ? row.language : 'en', transfer);
}
