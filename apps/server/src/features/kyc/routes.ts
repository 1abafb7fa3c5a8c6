// Identity verification (contracts: shared/kyc/contracts.ts): the customer's draft, phone code and
// submission, and staff's review and decision. The documents' routes (upload, delete, staff view)
// are in document-routes.ts. Impersonating staff may read and save the draft; the contracts refuse
// them the submission and the documents.
import type { FastifyInstance } from 'fastify';
import * as kyc from '@secure-vault/shared/kyc/contracts';
import type { AppContext } from '../../context.ts';
import { requestMeta } from '../../auth/request-meta.ts';
import { route } from '../../http/route.ts';
import { decideKyc } from './decide-kyc.ts';
import { kycDocumentRoutes } from './document-routes.ts';
import { sendKycPhoneCode, verifyKycPhoneCode } from './phone-code.ts';
import { getKycReview, listKyc } from './review-kyc.ts';
import { getKyc, saveKycDraft } from './save-draft.ts';
import { submitKyc } from './submit-kyc.ts';

export function kycRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, kyc.getKyc, (request, auth) => getKyc(ctx, auth.user.id));

  route(app, kyc.saveKycDraft, (request, auth) => saveKycDraft(ctx, auth.user, request.body));

  route(app, kyc.sendKycPhoneCode, async (request, auth) => {
    await sendKycPhoneCode(ctx, auth.user, request.body, requestMeta(request));
    return { accepted: true as const };
  });

  route(app, kyc.verifyKycPhoneCode, (request, auth) =>
    verifyKycPhoneCode(ctx, auth.user, request.body),
  );

  route(app, kyc.submitKyc, (request, auth) => submitKyc(ctx, auth.user.id, requestMeta(request)));

  route(app, kyc.listKyc, (request) => listKyc(ctx, request.query));

  route(app, kyc.getKycReview, (request) => getKycReview(ctx, request.params.userId));

  route(app, kyc.decideKyc, (request, auth) =>
    decideKyc(ctx, auth, request.params.userId, request.body, requestMeta(request)),
  );

  kycDocumentRoutes(app, ctx);
}
