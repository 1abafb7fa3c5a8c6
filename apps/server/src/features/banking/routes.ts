// Banking (contracts: shared/banking/contracts.ts): the account overview of /inter-accounts,
// the customer's bank accounts and saved recipients, transfers and requests. The contracts
// refuse impersonating staff a bank account's code, registration and removal, and every change
// to the saved recipients.
import type { FastifyInstance } from 'fastify';
import * as banking from '@secure-vault/shared/banking/contracts';
import type { AppContext } from '../../context.ts';
import { requestMeta } from '../../auth/request-meta.ts';
import type { RequestAuth } from '../../auth/sessions.ts';
import { idempotencyOf, sendIdempotent } from '../../http/idempotency.ts';
import { route } from '../../http/route.ts';
import { knownCaller } from '../../db/caller.ts';
import { cancelWithdrawal } from './cancel-withdrawal.ts';
import { createTransfer } from './create-transfer.ts';
import { deleteBankAccount } from './delete-bank-account.ts';
import { findRecipient } from './find-recipient.ts';
import { getBankDeposit } from './get-bank-deposit.ts';
import { getAccount } from './get-account.ts';
import { getBankAccounts } from './get-bank-accounts.ts';
import { getMyTransfers } from './get-my-transfers.ts';
import { listTransfers } from './list-transfers.ts';
import { proposeTransferStatus } from './propose-transfer-status.ts';
import { registerBankAccount } from './register-bank-account.ts';
import { requestAssetToCash } from './request-asset-to-cash.ts';
import { requestBankDeposit } from './request-bank-deposit.ts';
import { requestCardDeposit } from './request-card-deposit.ts';
import { getRequestLimits } from './request-limits.ts';
import { requestWithdrawal } from './request-withdrawal.ts';
import { saveRecipient } from './save-recipient.ts';
import { deleteRecipient, getSavedRecipients, renameRecipient } from './saved-recipients.ts';
import { sendBankAccountCode } from './send-bank-account-code.ts';

/** The ledger's caller for a signed-in request (the impersonating staff member as actor). */
function signedIn(auth: RequestAuth) {
  return [knownCaller(auth.user.id, auth.impersonatedBy?.id ?? null), auth.user] as const;
}

/** The bank accounts cash is withdrawn to: registered with an emailed code, listed, removed. */
function bankAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, banking.sendBankAccountCode, async (request, auth) => {
    await sendBankAccountCode(ctx, auth.user, request.body, requestMeta(request));
    return { accepted: true as const };
  });

  route(app, banking.registerBankAccount, (request, auth) =>
    registerBankAccount(ctx, auth.user, request.body, requestMeta(request)),
  );

  route(app, banking.getBankAccounts, (request, auth) => getBankAccounts(ctx, auth.user.id));

  route(app, banking.deleteBankAccount, async (request, auth) => {
    await deleteBankAccount(ctx, auth.user.id, request.params.id, requestMeta(request));
    return null;
  });
}

/** The recipients a customer saved for transfers: listed, saved (a counted lookup), renamed, removed. */
function savedRecipientRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, banking.getSavedRecipients, (request, auth) => getSavedRecipients(ctx, auth.user.id));

  route(app, banking.saveRecipient, (request, auth) => saveRecipient(ctx, auth.user, request.body));

  route(app, banking.renameRecipient, (request, auth) =>
    renameRecipient(ctx, auth.user.id, request.params.id, request.body.nickname),
  );

  route(app, banking.deleteRecipient, async (request, auth) => {
    await deleteRecipient(ctx, auth.user.id, request.params.id);
    return null;
  });
}

export function bankingRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, banking.getAccount, (request, auth) => getAccount(ctx, auth.user.id));
  bankAccountRoutes(app, ctx);
  savedRecipientRoutes(app, ctx);

  route(app, banking.getRequestLimits, (request, auth) => getRequestLimits(ctx, auth.user.id));

  route(app, banking.findRecipient, (request, auth) =>
    findRecipient(ctx, auth.user, request.query.accountNumber),
  );

  route(app, banking.createTransfer, async (request, auth, reply) => {
    const outcome = await createTransfer(ctx, ...signedIn(auth), {
      body: request.body,
      idempotency: idempotencyOf(request),
      meta: requestMeta(request),
    });
    return sendIdempotent(reply, outcome);
  });

  route(app, banking.requestCardDeposit, async (request, auth, reply) => {
    const outcome = await requestCardDeposit(ctx, ...signedIn(auth), {
      body: request.body,
      idempotency: idempotencyOf(request),
      meta: requestMeta(request),
    });
    return sendIdempotent(reply, outcome);
  });

  route(app, banking.requestBankDeposit, async (request, auth, reply) => {
    const outcome = await requestBankDeposit(ctx, ...signedIn(auth), {
      amount: request.body.amount,
      idempotency: idempotencyOf(request),
      meta: requestMeta(request),
    });
    return sendIdempotent(reply, outcome);
  });

  route(app, banking.getBankDeposit, (request, auth) =>
    getBankDeposit(ctx, auth.user.id, request.params.id),
  );

  route(app, banking.requestWithdrawal, async (request, auth, reply) => {
    const outcome = await requestWithdrawal(ctx, ...signedIn(auth), {
      body: request.body,
      idempotency: idempotencyOf(request),
      meta: requestMeta(request),
    });
    return sendIdempotent(reply, outcome);
  });

  route(app, banking.cancelWithdrawal, async (request, auth, reply) => {
    const outcome = await cancelWithdrawal(ctx, ...signedIn(auth), {
      id: request.params.id,
      idempotency: idempotencyOf(request),
      meta: requestMeta(request),
    });
    return sendIdempotent(reply, outcome);
  });

  route(app, banking.requestAssetToCash, async (request, auth, reply) => {
    const outcome = await requestAssetToCash(ctx, ...signedIn(auth), {
      body: request.body,
      idempotency: idempotencyOf(request),
      meta: requestMeta(request),
    });
    return sendIdempotent(reply, outcome);
  });

  route(app, banking.getMyTransfers, (request, auth) =>
    getMyTransfers(ctx, auth.user.id, request.query),
  );

  route(app, banking.listTransfers, (request) => listTransfers(ctx, request.query));

  route(app, banking.setTransferStatus, async (request, auth, reply) => {
    const outcome = await proposeTransferStatus(ctx, auth, {
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
