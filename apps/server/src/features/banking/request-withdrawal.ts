// A withdrawal to one of the customer's bank accounts (contract: requestWithdrawal; SPEC §5):
// the cash is debited at once by the ledger (ledger_request) and the request waits, pending with
// a WTH reference, for staff to pay it out.
import type { Transfer, WithdrawalRequest } from '@secure-vault/shared/transfers';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../db/caller.ts';
import type { Idempotency, Outcome } from '../../ledger/movement.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import type { BankingUser } from './account-lookups.ts';
import { openMoneyRequest } from './open-request.ts';

export function requestWithdrawal(
  ctx: AppContext,
  caller: Caller,
  user: BankingUser,
  input: { body: WithdrawalRequest; idempotency: Idempotency; meta: RequestMeta },
): Promise<Outcome<Transfer>> {
  return openMoneyRequest(ctx, caller, user, {
    type: 'withdrawal',
    prefix: 'WTH',
    amount: input.body.amount,
    details: { bankAccountId: input.body.bankAccountId },
    extra: null,
    language: input.meta.language,
    idempotency: input.idempotency,
  });
}
