// Banking (contracts: shared/banking/contracts.ts): the account overview of /inter-accounts and
// the customer's bank accounts. The contracts refuse impersonating staff the code, the
// registration and the removal.
import type { FastifyInstance } from 'fastify';
import * as banking from '@secure-vault/shared/banking/contracts';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../auth/access.ts';
import { requestMeta } from '../../auth/request-meta.ts';
import { route } from '../../http/route.ts';
import {
  deleteBankAccount,
  getBankAccounts,
  registerBankAccount,
  sendBankAccountCode,
} from './bank-accounts.ts';
import { getAccount } from './get-account.ts';

export function bankingRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, banking.getAccount, (request) => getAccount(ctx, requireAuth(request).user.id));

  route(app, banking.sendBankAccountCode, async (request) => {
    await sendBankAccountCode(ctx, requireAuth(request).user, requestMeta(request));
    return { accepted: true as const };
  });

  route(app, banking.registerBankAccount, (request) =>
    registerBankAccount(ctx, requireAuth(request).user, request.body, requestMeta(request)),
  );

  route(app, banking.getBankAccounts, (request) =>
    getBankAccounts(ctx, requireAuth(request).user.id),
  );

  route(app, banking.deleteBankAccount, async (request) => {
    await deleteBankAccount(
      ctx,
      requireAuth(request).user.id,
      request.params.id,
      requestMeta(request),
    );
    return null;
  });
}
