// Banking (contracts: shared/banking/contracts.ts): the account overview of /inter-accounts and
// the customer's bank accounts. The contracts refuse impersonating staff the code, the
// registration and the removal.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as banking from '@secure-vault/shared/banking/contracts';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../auth/access.ts';
import { requestMeta } from '../../auth/request-meta.ts';
import { idempotencyOf, sendIdempotent } from '../../http/idempotency.ts';
import { route } from '../../http/route.ts';
import { knownCaller } from '../../db/caller.ts';
import { cancelWithdrawal } from './cancel-withdrawal.ts';
import { createTransfer } from './create-transfer.ts';
import { deleteBankAccount } from './delete-bank-account.ts';
import { findRecipient } from './find-recipient.ts';
import { getAccount } from './get-account.ts';
import { getBankAccounts } from './get-bank-accounts.ts';
import { getMyTransfers } from './get-my-transfers.ts';
import { listTransfers } from './list-transfers.ts';
import { proposeTransferStatus } from './propose-transfer-status.ts';
import { registerBankAccount } from './register-bank-account.ts';
import { requestAssetToCash } from './request-asset-to-cash.ts';
import { requestBankDeposit } from './request-bank-deposit.ts';
import { requestCardDeposit } from './request-card-deposit.ts';
import { requestWithdrawal } from './request-withdrawal.ts';
import { sendBankAccountCode } from './send-bank-account-code.ts';

/** The ledger's caller for a signed-in request (the impersonating staff member as actor). */
function signedIn(request: FastifyRequest) {
  const auth = requireAuth(request);
  return [knownCaller(auth.user.id, auth.impersonatedBy?.id ?? null), auth.user] as const;
}

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

  route(app, banking.findRecipient, (request) =>
    findRecipient(ctx, requireAuth(request).user, request.query.accountNumber),
  );

  route(app, banking.createTransfer, async (request, reply) => {
    const outcome = await createTransfer(ctx, ...signedIn(request), {
      body: request.body,
      idempotency: idempotencyOf(request),
      meta: requestMeta(request),
    });
    return sendIdempotent(reply, outcome);
  });

  route(app, banking.requestCardDeposit, async (request, reply) => {
    const outcome = await requestCardDeposit(ctx, ...signedIn(request), {
      body: request.body,
      idempotency: idempotencyOf(request),
      meta: requestMeta(request),
    });
    return sendIdempotent(reply, outcome);
  });

  route(app, banking.requestBankDeposit, async (request, reply) => {
    const outcome = await requestBankDeposit(ctx, ...signedIn(request), {
      amount: request.body.amount,
      idempotency: idempotencyOf(request),
      meta: requestMeta(request),
    });
    return sendIdempotent(reply, outcome);
  });

  route(app, banking.requestWithdrawal, async (request, reply) => {
    const outcome = await requestWithdrawal(ctx, ...signedIn(request), {
      body: request.body,
      idempotency: idempotencyOf(request),
      meta: requestMeta(request),
    });
    return sendIdempotent(reply, outcome);
  });

  route(app, banking.cancelWithdrawal, async (request, reply) => {
    const outcome = await cancelWithdrawal(ctx, ...signedIn(request), {
      id: request.params.id,
      idempotency: idempotencyOf(request),
      meta: requestMeta(request),
    });
    return sendIdempotent(reply, outcome);
  });

  route(app, banking.requestAssetToCash, async (request, reply) => {
    const outcome = await requestAssetToCash(ctx, ...signedIn(request), {
      body: request.body,
      idempotency: idempotencyOf(request),
      meta: requestMeta(request),
    });
    return sendIdempotent(reply, outcome);
  });

  route(app, banking.getMyTransfers, (request) =>
    getMyTransfers(ctx, requireAuth(request).user.id, request.query),
  );

  route(app, banking.listTransfers, (request) => listTransfers(ctx, request.query));

  route(app, banking.setTransferStatus, async (request, reply) => {
    const outcome = await proposeTransferStatus(ctx, requireAuth(request), {
      type: request.params.type,
      id: request.params.id,
      status: request.body.status,
      reason: request.body.reason ?? null,
      idempotency: idempotencyOf(request),
      meta: requestMeta(request),
    });
    return sendIdempotent(reply, outcome);
  });
}
