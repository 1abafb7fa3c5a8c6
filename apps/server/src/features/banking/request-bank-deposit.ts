// A bank-transfer deposit (contract: requestBankDeposit; SPEC §5): pending with a TXN reference,
// answered with the platform's bank details the customer sends the money to.
import { type BankDeposit, platformBankDetails } from '@secure-vault/shared/transfers';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../db/caller.ts';
import type { Idempotency, Outcome } from '../../ledger/movement.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import type { BankingUser } from './account-lookups.ts';
import { openMoneyRequest } from './open-request.ts';

export function requestBankDeposit(
  ctx: AppContext,
  caller: Caller,
  user: BankingUser,
  input: { amount: string; idempotency: Idempotency; meta: RequestMeta },
): Promise<Outcome<BankDeposit>> {
  return openMoneyRequest<BankDeposit>(ctx, caller, user, {
    type: 'bank_deposit',
    prefix: 'TXN',
    amount: input.amount,
    details: {},
    extra: { bankDetails: platformBankDetails },
    language: input.meta.language,
    idempotency: input.idempotency,
  });
}
