// What the customer's money requests share (DESIGN §5, decision 015): the SPEC §9 reference,
// drawn again on the rare clash, the deposit and withdrawal limits checked in the request's own
// transaction (request-limits.ts), the ledger's request (ledger_request) and its received email
// sent after the answer.
import { randomInt, randomUUID } from 'node:crypto';
import { fieldOf } from '@secure-vault/shared/guards';
import type { Transfer } from '@secure-vault/shared/transfers';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../db/caller.ts';
import { databaseIn } from '../../db/in-transaction.ts';
import type { Outcome } from '../../ledger/movement.ts';
import { type MoneyRequest, openRequest } from '../../ledger/transfers.ts';
import { runAfterAnswer } from '../../auth/background-work.ts';
import type { BankingUser } from './account-lookups.ts';
import { holdWithinLimit, limitKindOf } from './request-limits.ts';

/** SPEC §9: TXN (deposit) or WTH (withdrawal), then a timestamp and a number below 1000. */
export function transactionReference(prefix: 'TXN' | 'WTH', at: Date): string {
  return `${prefix}${at.getTime()}${String(randomInt(1000)).padStart(3, '0')}`;
}

const isReferenceTaken = (err: unknown) =>
  err instanceof Error &&
  fieldOf(err, 'code') === '23505' &&
  fieldOf(err, 'constraint') === 'transfers_reference_unique';

export type RequestToOpen = Omit<MoneyRequest, 'id' | 'reference' | 'at'> & {
  prefix: 'TXN' | 'WTH' | null;
};

/**
 * Opens the request within its limits, drawing a new reference on the rare clash (the key rolled
 * back with it).
 */
export async function openMoneyRequest<T extends Transfer>(
  ctx: AppContext,
  caller: Caller,
  user: BankingUser,
  request: RequestToOpen,
): Promise<Outcome<T>> {
  const { prefix, ...rest } = request;
  const kind = limitKindOf(request.type);
  for (let attempt = 1; ; attempt++) {
    const at = ctx.clock.now();
    const toOpen: MoneyRequest = {
      ...rest,
      id: randomUUID(),
      reference: prefix ? transactionReference(prefix, at) : null,
      at,
    };
    try {
      const outcome = kind
        ? await ctx.database.transaction(async (tx) => {
            await holdWithinLimit(tx, ctx.config, {
              userId: user.id,
              kind,
              amount: request.amount,
              at,
              key: request.idempotency.key,
            });
            return openRequest<T>(databaseIn(ctx.database, tx), caller, toOpen);
          })
        : await openRequest<T>(ctx.database, caller, toOpen);
      // Its email was queued with it; it goes now, after the answer.
      if (!outcome.isReplay) {
        runAfterAnswer(ctx, 'request_email', async () => {
          await ctx.mailer.deliverQueued(ctx.clock.now());
        });
      }
      return outcome;
    } catch (err) {
      if (!isReferenceTaken(err) || attempt >= 5) throw err;
    }
  }
}
