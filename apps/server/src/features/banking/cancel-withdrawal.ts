// The customer cancels their own pending withdrawal (contract: cancelWithdrawal): the ledger
// gives the cash back once (ledger_settle) and queues the email that it is final.
import type { Transfer } from '@secure-vault/shared/transfers';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../db/caller.ts';
import type { Idempotency, Outcome } from '../../ledger/movement.ts';
import { cancelAsCustomer } from '../../ledger/transfers.ts';
import { runAfterAnswer } from '../../auth/background-work.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import type { BankingUser } from './account-lookups.ts';

export async function cancelWithdrawal(
  ctx: AppContext,
  caller: Caller,
  _user: BankingUser,
  input: { id: string; idempotency: Idempotency; meta: RequestMeta },
): Promise<Outcome<Transfer>> {
  const outcome = await cancelAsCustomer(ctx.database, caller, {
    id: input.id,
    at: ctx.clock.now(),
    ip: input.meta.ip,
    idempotency: input.idempotency,
  });
  // Its email was queued with it (ledger_settle); it goes now, after the answer.
  if (!outcome.isReplay) {
    runAfterAnswer(ctx, 'request_decided_email', async () => {
      await ctx.mailer.deliverQueued(ctx.clock.now());
    });
  }
  return outcome;
}
