// Sending a valuable, or part of a holding or of cash, to another customer (contract:
// createTransfer; DESIGN §5, decision 015). The movement is the ledger's (ledger_transfer); here
// is the lookup count a miss adds, and the two emails sent after the answer.
import { randomUUID } from 'node:crypto';
import type { Transfer, TransferRequest } from '@secure-vault/shared/transfers';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../db/caller.ts';
import type { Idempotency, Outcome } from '../../ledger/movement.ts';
import { transferAsset } from '../../ledger/transfers.ts';
import { runAfterAnswer } from '../../auth/background-work.ts';
import { limits, limitWindow } from '../../auth/rate-limit.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import { type BankingUser, countLookup, ownAccount, unknownReceiver } from './account-lookups.ts';

export async function createTransfer(
  ctx: AppContext,
  caller: Caller,
  user: BankingUser,
  input: {
    body: Required<Pick<TransferRequest, 'receiverAccountNumber' | 'valuableId'>> & {
      quantity?: string | undefined;
    };
    idempotency: Idempotency;
    meta: RequestMeta;
  },
): Promise<Outcome<Transfer>> {
  const { body, idempotency, meta } = input;
  const at = ctx.clock.now();
  // A transfer names an account number too, and answers an unknown one with NOT_FOUND: such a
  // miss counts like a lookup, or the transfer would list the accounts the lookup's limit
  // protects. A transfer that reaches a real customer counts nothing (and moves value). Once
  // the limit is reached every transfer is refused alike, a real receiver's too: otherwise its
  // other refusals (a valuable that is not the caller's, 404) would still tell the two apart.
  // The limit, both parties and the movement are one statement (ledger_transfer).
  const result = await transferAsset(ctx.database, caller, {
    id: randomUUID(),
    receiverAccountNumber: body.receiverAccountNumber,
    valuableId: body.valuableId,
    quantity: body.quantity ?? null,
    language: meta.language,
    lookups: limitWindow(ctx.config.dataKey, at, {
      limit: limits.recipientLookupUser,
      value: user.id,
    }),
    at,
    idempotency,
  });
  if ('miss' in result) {
    await countLookup(ctx, user);
    throw result.miss === 'own' ? ownAccount('body.receiverAccountNumber') : unknownReceiver();
  }
  // Its two emails were queued with it; they go now, after the answer (any process's job runner
  // sends them should this one stop first).
  if (!result.outcome.isReplay) {
    runAfterAnswer(ctx, 'transfer_emails', async () => {
      await ctx.mailer.deliverQueued(ctx.clock.now());
    });
  }
  return result.outcome;
}
