// A card deposit (contract: requestCardDeposit; SPEC §5): pending with a TXN reference until
// staff confirm the money arrived. The card number and CVV never reach the server.
import type { CardDepositRequest, Transfer } from '@secure-vault/shared/transfers';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../db/caller.ts';
import type { Idempotency, Outcome } from '../../ledger/movement.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import type { BankingUser } from './account-lookups.ts';
import { openMoneyRequest } from './open-request.ts';

export function requestCardDeposit(
  ctx: AppContext,
  caller: Caller,
  user: BankingUser,
  input: { body: CardDepositRequest; idempotency: Idempotency; meta: RequestMeta },
): Promise<Outcome<Transfer>> {
  return openMoneyRequest(ctx, caller, user, {
    type: 'card_deposit',
    prefix: 'TXN',
    amount: input.body.amount,
    details: { cardLastFour: input.body.cardLastFour, cardType: input.body.cardType },
    extra: null,
    language: input.meta.language,
    idempotency: input.idempotency,
  });
}
