// Asset to cash (contract: requestAssetToCash; SPEC §5): a request, pending until staff convert
// that value of the customer's unlocked holdings; the ledger refuses more than they are worth.
import type { AssetToCashRequest, Transfer } from '@secure-vault/shared/transfers';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../db/caller.ts';
import type { Idempotency, Outcome } from '../../ledger/movement.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import type { BankingUser } from './account-lookups.ts';
import { openMoneyRequest } from './open-request.ts';

export function requestAssetToCash(
  ctx: AppContext,
  caller: Caller,
  user: BankingUser,
  input: { body: AssetToCashRequest; idempotency: Idempotency; meta: RequestMeta },
): Promise<Outcome<Transfer>> {
  return openMoneyRequest(ctx, caller, user, {
    type: 'asset_to_cash',
    prefix: null,
    amount: input.body.amount,
    details: {},
    extra: null,
    language: input.meta.language,
    idempotency: input.idempotency,
  });
}
